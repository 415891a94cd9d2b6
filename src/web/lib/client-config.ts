import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** `stripePublishableKey` set = pay with Stripe Elements; null = the simulated card form. */
export type ClientConfig = { googleEnabled: boolean; devMailbox: boolean; stripePublishableKey: string | null };

/** GET /api/config: which optional integrations the server has switched on. */
export function useClientConfig() {
  return useQuery({ queryKey: ['config'], queryFn: () => api<ClientConfig>('/api/config'), staleTime: Infinity });
}
