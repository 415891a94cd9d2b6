import type { ExpertProfile } from '@shared/schemas/experts';

/**
 * A profile page's title before ' · Mentora': the expert's name and role, 'Expert Not Found' for an unknown
 * address (`null`), undefined while it loads. The page sets it in the browser; the server renders it into the HTML.
 */
export function profileTitle(expert: ExpertProfile | null | undefined): string | undefined {
  if (expert === undefined) return undefined;
  return expert ? `${expert.name}, ${expert.role}` : 'Expert Not Found';
}
