/** GET /api/admin/sessions/{id}: one session with its payment ledger (docs/product.md "Team console", "Sessions and money"). */
import { useQuery } from '@tanstack/react-query';
import type { AdminSessionDetail } from '@shared/schemas/admin-sessions';
import { api } from '../../../lib/api';
import { adminKey } from './admin-cache';

/** Throws ApiError (404 no such session). */
export const getSession = (id: string) => api<AdminSessionDetail>(`/api/admin/sessions/${encodeURIComponent(id)}`);

/** No retry: a missing session shows at once. */
export const useSession = (id: string) => useQuery({ queryKey: [...adminKey, 'session', id], queryFn: () => getSession(id), retry: false });
