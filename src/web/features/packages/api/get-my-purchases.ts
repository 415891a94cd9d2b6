/** GET /api/me/package-purchases and /api/me/package-sales: the client's packages and the expert's packages sold. */
import { useQuery } from '@tanstack/react-query';
import type { PurchaseView } from '@shared/schemas/packages';
import { api } from '../../../lib/api';

export function useMyPurchases() {
  return useQuery({
    queryKey: ['packages', 'purchases', 'mine'],
    queryFn: async () => (await api<{ purchases: PurchaseView[] }>('/api/me/package-purchases')).purchases,
  });
}

export function usePackageSales() {
  return useQuery({
    queryKey: ['packages', 'purchases', 'sold'],
    queryFn: async () => (await api<{ purchases: PurchaseView[] }>('/api/me/package-sales')).purchases,
  });
}
