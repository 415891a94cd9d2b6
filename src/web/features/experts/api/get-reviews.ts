/** GET /api/experts/{id}/reviews: the public reviews, newest first, a page at a time (docs/product.md "Expert profiles"). */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { reviewPage } from '@shared/schemas/sessions';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type ReviewPage = z.infer<typeof reviewPage>;
export type Review = ReviewPage['reviews'][number];

/** Reviews shown per page in the reviews dialog. */
export const reviewsPageSize = 5;

/** One page (1-based). Throws ApiError when the read fails (the dialog shows it with a retry). */
export function getReviews(expertId: string, page: number): Promise<ReviewPage> {
  return api<ReviewPage>(`/api/experts/${encodeURIComponent(expertId)}/reviews?page=${page}&pageSize=${reviewsPageSize}`);
}

/** The pages read so far, 'Load more' fetching the next; only reads while `enabled` (the dialog is open). */
export function useReviews(expertId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['experts', expertId, 'reviews'],
    queryFn: ({ pageParam }) => getReviews(expertId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled,
  });
}
