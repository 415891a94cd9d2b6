/**
 * Expert intro videos for the landing carousel: GET /api/experts/videos
 * (docs/product.md "Content and timings"). `url` and `posterUrl` are same-origin or storage URLs; `expertSlug` addresses
 * the expert's profile at /expert/{expertSlug}. An empty list means there is nothing to show yet.
 */
import { z } from 'zod';

export const expertVideo = z.object({
  id: z.string(),
  url: z.string(),
  posterUrl: z.string().nullable(),
  expertName: z.string(),
  expertRole: z.string(),
  expertSlug: z.string(),
});
export type ExpertVideo = z.infer<typeof expertVideo>;

/** Body of GET /api/experts/videos. */
export const expertVideosResponse = z.object({ videos: z.array(expertVideo) });
export type ExpertVideosResponse = z.infer<typeof expertVideosResponse>;
