import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SocialLink } from '@shared/social-links';
import { api } from './api';

/** `stripePublishableKey` set = pay with Stripe Elements; null = the simulated card form; `socialLinks` for the footer. */
export type ClientConfig = { googleEnabled: boolean; devMailbox: boolean; stripePublishableKey: string | null; socialLinks: SocialLink[] };

/** GET /api/config, read once: which optional integrations the server has switched on. Server-rendered pages read it first (the footer). */
export const clientConfigQuery = queryOptions({ queryKey: ['config'], queryFn: () => api<ClientConfig>('/api/config'), staleTime: Infinity });

/** GET /api/config: which optional integrations the server has switched on. */
export function useClientConfig() {
  return useQuery(clientConfigQuery);
}
