/** GET /api/expert-languages: languages spoken by published experts, A–Z (the results page's language filter). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Throws ApiError when the read fails (the filter shows it with a retry). */
export async function getExpertLanguages(): Promise<string[]> {
  return (await api<{ languages: string[] }>('/api/expert-languages')).languages;
}

/** Also prefetched by the server for the first paint (src/web/entry-server.tsx). */
export const expertLanguagesQuery = queryOptions({ queryKey: ['experts', 'languages'], queryFn: getExpertLanguages, staleTime: 10 * 60_000 });

export function useExpertLanguages() {
  return useQuery(expertLanguagesQuery);
}
