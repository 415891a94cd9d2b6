/**
 * An organisation's sponsored workshops in the console (docs/product.md "Sponsored workshops"): the list
 * (GET /api/admin/organisations/{id}/sponsorships), the upcoming workshops to choose from, and the team's sponsorship
 * (POST …/sponsorships, audited), which refreshes every admin read.
 */
import { useQuery } from '@tanstack/react-query';
import type { SponsorshipInput, SponsorshipView } from '@shared/schemas/sponsorships';
import { api } from '../../../lib/api';
import { getWorkshops } from '../../../lib/workshop-list';
import { adminKey, useAdminAction } from './admin-cache';

const base = (id: string) => `/api/admin/organisations/${encodeURIComponent(id)}/sponsorships`;

export const useOrganisationSponsorships = (id: string) =>
  useQuery({ queryKey: [...adminKey, 'organisation-sponsorships', id], queryFn: () => api<{ items: SponsorshipView[] }>(base(id)) });

/** Upcoming published workshops (GET /api/workshops), read again after each console action (their seats change). */
export const useSponsorableWorkshops = () => useQuery({ queryKey: [...adminKey, 'sponsorable-workshops'], queryFn: () => getWorkshops({}) });

/** Throws ApiError (400 bad seats, 404 unknown workshop or programme, 409 in the product's words: free, too soon, sponsored, seats, credit). */
export const useTeamSponsorWorkshop = (id: string) =>
  useAdminAction<SponsorshipInput, { items: SponsorshipView[] }>((body) => api<{ items: SponsorshipView[] }>(base(id), { body }));
