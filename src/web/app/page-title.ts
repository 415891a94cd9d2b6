/**
 * Each page's title, for the browser tab, history and bookmarks: a route's `handle` names it ('About' reads
 * 'About · Mentora'); the landing page keeps the product's own title. A page whose title depends on what it loads
 * (an expert's profile) names it itself with useDocumentTitle; its route says `titled(null)`.
 */
/** The landing page's title, also index.html's. */
export const siteTitle = 'Mentora — Connect to Experience';

type TitleHandle = { title: string | null };

/** A route handle giving the page's title (null: the page sets it). */
export function titled(title: string | null): TitleHandle {
  return { title };
}

/** The title from the matched routes' handles (outermost first): the deepest that names one; undefined when the page sets its own. */
export function pageTitle(handles: readonly unknown[]): string | undefined {
  for (const h of [...handles].reverse()) {
    const handle = h as TitleHandle | undefined;
    if (handle && 'title' in handle) return handle.title === null ? undefined : `${handle.title} · Mentora`;
  }
  return siteTitle;
}
