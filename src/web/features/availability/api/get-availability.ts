/** GET /api/me/availability: the signed-in expert's zone, weekly ranges and date exceptions (src/shared/schemas/experts.ts). */
import { useQuery } from '@tanstack/react-query';
import type { AvailabilitySettings } from '@shared/schemas/experts';
import { api } from '../../../lib/api';

/** save-availability.ts stores its answer under this key. */
export const availabilityKey = ['me', 'availability'] as const;

/** Throws ApiError (401 signed out, 403 not an expert). */
export function getAvailability(): Promise<AvailabilitySettings> {
  return api<AvailabilitySettings>('/api/me/availability');
}

/** 401/403 surface at once (no retry). */
export function useMyAvailability() {
  return useQuery({ queryKey: availabilityKey, queryFn: getAvailability, retry: false });
}
