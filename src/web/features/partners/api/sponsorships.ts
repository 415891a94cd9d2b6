/**
 * A manager's sponsored workshops (docs/product.md "Sponsored workshops"): the list and a new sponsorship, under
 * /api/partner/organisations/{id}/sponsorships, and the upcoming workshops to choose from. Reads sit under ['partner'],
 * so a sponsorship refreshes them all (partner-cache.ts).
 */
import { useQuery } from '@tanstack/react-query';
import type { SponsorshipInput, SponsorshipView } from '@shared/schemas/sponsorships';
import { api, retryUnlessRefused } from '../../../lib/api';
import { getWorkshops } from '../../../lib/workshop-list';
import { partnerKey, usePartnerAction } from './partner-cache';

const base = (id: string) => `/api/partner/organisations/${encodeURIComponent(id)}/sponsorships`;

export const useSponsorships = (id: string) =>
  useQuery({ queryKey: [...partnerKey, 'sponsorships', id], queryFn: () => api<{ items: SponsorshipView[] }>(base(id)), retry: retryUnlessRefused });

/** Upcoming published workshops (GET /api/workshops), read again after each partner write (its seats change). */
export const useUpcomingWorkshops = () => useQuery({ queryKey: [...partnerKey, 'workshops'], queryFn: () => getWorkshops({}), retry: retryUnlessRefused });

/** Throws ApiError (400 bad seats, 404 unknown workshop, 409 in the product's words: free, too soon, sponsored, seats, credit). */
export const useSponsorWorkshop = (id: string) => usePartnerAction((body: SponsorshipInput) => api<{ items: SponsorshipView[] }>(base(id), { body }));
