import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type ClientConfig = { googleEnabled: boolean; devMailbox: boolean };

/** GET /api/config: which optional integrations the server has switched on. */
export function useClientConfig() {
  return useQuery({ queryKey: ['config'], queryFn: () => api<ClientConfig>('/api/config'), staleTime: Infinity });
}
