/**
 * GET /api/experts/videos: the published experts' introduction videos for the landing page carousel
 * (shapes in src/shared/schemas/expert-videos.ts). Saving an expert profile invalidates ['expert-videos'].
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExpertVideo, ExpertVideosResponse } from '@shared/schemas/expert-videos';
import { api } from '../../../lib/api';

/** Reads the videos. Throws ApiError when the read fails (the section shows it with a retry). */
export async function getExpertVideos(): Promise<ExpertVideo[]> {
  return (await api<ExpertVideosResponse>('/api/experts/videos')).videos;
}

/** The carousel's read; also prefetched by the server for the first paint (src/web/entry-server.tsx). */
export const expertVideosQuery = queryOptions({ queryKey: ['expert-videos'], queryFn: getExpertVideos, staleTime: 5 * 60_000, retry: 1 });

export function useExpertVideos() {
  return useQuery(expertVideosQuery);
}
