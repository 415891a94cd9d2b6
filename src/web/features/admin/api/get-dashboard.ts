/** GET /api/admin/dashboard: the business per UTC day over 7, 30 or 90 days (docs/product.md "Team console", "Dashboard"). */
import { useQuery } from '@tanstack/react-query';
import type { DashboardView } from '@shared/schemas/admin-dashboard';
import { api } from '../../../lib/api';
import { adminKey } from './admin-cache';

/** Throws ApiError. */
export const getDashboard = (days: number) => api<DashboardView>(`/api/admin/dashboard?days=${days}`);

export const useDashboard = (days: number) => useQuery({ queryKey: [...adminKey, 'dashboard', days], queryFn: () => getDashboard(days) });
