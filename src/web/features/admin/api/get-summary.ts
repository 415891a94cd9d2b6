/** GET /api/admin/summary: the console's counts (open applications, disputes, unhandled enquiries). */
import { useQuery } from '@tanstack/react-query';
import type { ConsoleSummary } from '@shared/schemas/admin';
import { api } from '../../../lib/api';
import { adminKey } from './admin-cache';

/** Throws ApiError (401 signed out, 403 not on the team). */
export const getSummary = () => api<ConsoleSummary>('/api/admin/summary');

export const useSummary = () => useQuery({ queryKey: [...adminKey, 'summary'], queryFn: getSummary });
