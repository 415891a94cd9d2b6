/** GET /api/admin/disputes/{id}: one dispute with its session and both parties' words (docs/product.md "Team console"). */
import { useQuery } from '@tanstack/react-query';
import type { DisputeView } from '@shared/schemas/admin';
import { api } from '../../../lib/api';
import { adminKey } from './admin-cache';

/** Throws ApiError (404 no such dispute). */
export const getDispute = (id: string) => api<DisputeView>(`/api/admin/disputes/${encodeURIComponent(id)}`);

/** No retry: a missing dispute shows at once. */
export const useDispute = (id: string) => useQuery({ queryKey: [...adminKey, 'dispute', id], queryFn: () => getDispute(id), retry: false });
