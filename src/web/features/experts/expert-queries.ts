/**
 * Typed reads of the experts API for the find-and-book pages (docs/product.md "Search and catalogue", "Expert profiles", "Booking").
 * Shapes come from src/shared/schemas; dates are the client's YYYY-MM-DD, slots UTC ISO-8601, rates cents.
 */
import type { ExpertList, ExpertProfile } from '@shared/schemas/experts';
import type { feedbackEligibility, reviewPage } from '@shared/schemas/sessions';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, ApiError } from '../../lib/api';
import type { ResultsParams } from './results-params';

export type ReviewPage = z.infer<typeof reviewPage>;
export type Review = ReviewPage['reviews'][number];
export type FeedbackEligibility = z.infer<typeof feedbackEligibility>;

/** Results page size: 12 fills 1, 2 and 3 column grids evenly. */
export const resultsPageSize = 12;
/** Reviews shown per page in the reviews dialog. */
export const reviewsPageSize = 5;

/** GET /api/experts with the page's URL state; empty values are left out. */
export function fetchExperts(p: ResultsParams): Promise<ExpertList> {
  const qs = new URLSearchParams({ page: String(p.page), pageSize: String(resultsPageSize), sort: p.sort });
  if (p.query) qs.set('query', p.query);
  if (p.expertise) qs.set('expertise', p.expertise);
  if (p.language) qs.set('language', p.language);
  if (p.minRate !== undefined) qs.set('minRate', String(p.minRate));
  if (p.maxRate !== undefined) qs.set('maxRate', String(p.maxRate));
  return api<ExpertList>(`/api/experts?${qs}`);
}

/** Languages spoken by published experts, A–Z (the language filter's options). */
export async function fetchLanguages(): Promise<string[]> {
  return (await api<{ languages: string[] }>('/api/expert-languages')).languages;
}

/**
 * The queries the results and profile pages start with, one definition each: the pages read them with
 * useQuery and the server prefetches them for the first paint (src/web/entry-server.tsx), so keys always match.
 */
export const expertListQuery = (p: ResultsParams) => queryOptions({ queryKey: ['experts', 'list', p], queryFn: () => fetchExperts(p) });
export const languagesQuery = queryOptions({ queryKey: ['experts', 'languages'], queryFn: fetchLanguages, staleTime: 10 * 60_000 });
export const expertProfileQuery = (idOrSlug: string) => queryOptions({ queryKey: ['experts', 'profile', idOrSlug], queryFn: () => fetchExpert(idOrSlug) });

/** One expert's profile by slug or uuid; null when the API answers 404 ('Expert Not Found'). */
export async function fetchExpert(idOrSlug: string): Promise<ExpertProfile | null> {
  try {
    return await api<ExpertProfile>(`/api/experts/${encodeURIComponent(idOrSlug)}`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** Client dates from..to (inclusive, zone `tz`) that have at least one slot of `duration` minutes. */
export async function fetchAvailableDays(expertId: string, range: { from: string; to: string }, duration: number, tz: string): Promise<string[]> {
  const qs = new URLSearchParams({ from: range.from, to: range.to, duration: String(duration), tz });
  return (await api<{ days: string[] }>(`/api/experts/${encodeURIComponent(expertId)}/availability-days?${qs}`)).days;
}

/** Bookable UTC start times on the client's `date` (zone `tz`) for `duration` minutes. */
export async function fetchSlots(expertId: string, date: string, duration: number, tz: string): Promise<string[]> {
  const qs = new URLSearchParams({ date, duration: String(duration), tz });
  return (await api<{ slots: string[] }>(`/api/experts/${encodeURIComponent(expertId)}/slots?${qs}`)).slots;
}

/** One page of public reviews, newest first. Throws ApiError when the read fails (the dialog shows it with a retry). */
export function fetchReviews(expertId: string, page: number): Promise<ReviewPage> {
  return api<ReviewPage>(`/api/experts/${encodeURIComponent(expertId)}/reviews?page=${page}&pageSize=${reviewsPageSize}`);
}

/**
 * The signed-in viewer's standing with this expert (free intro, self). Throws ApiError when the read fails:
 * the booking card then says it could not check, rather than showing no free intro.
 */
export function fetchEligibility(expertId: string): Promise<FeedbackEligibility> {
  return api<FeedbackEligibility>(`/api/experts/${encodeURIComponent(expertId)}/feedback-eligibility`);
}
