/** GET /api/admin/applications/{id}: one application with its CV and references (docs/product.md "Team console"). */
import { useQuery } from '@tanstack/react-query';
import type { ApplicationDetail } from '@shared/schemas/admin';
import { api } from '../../../lib/api';
import { adminKey } from './admin-cache';

/** Throws ApiError (404 no such application). */
export const getApplication = (id: string) => api<ApplicationDetail>(`/api/admin/applications/${encodeURIComponent(id)}`);

/** No retry: a missing application shows at once. */
export const useApplication = (id: string) => useQuery({ queryKey: [...adminKey, 'application', id], queryFn: () => getApplication(id), retry: false });
