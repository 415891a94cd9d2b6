/**
 * The team's actions on one organisation (docs/product.md "Partners"): invite a manager, record a bank transfer,
 * grant credit, adjust the balance. Each answers the organisation and refreshes every admin read.
 */
import type { OrganisationDetail } from '@shared/schemas/partners';
import { api } from '../../../lib/api';
import { useAdminAction } from './admin-cache';

export type OrganisationAction =
  | { path: 'invitations'; body: { email: string } }
  | { path: 'invoice-payments'; body: { amountCents: number; reference: string } }
  | { path: 'grants'; body: { amountCents: number; expiresOn: string; note: string } }
  | { path: 'adjustments'; body: { amountCents: number; reason: string } };

/** POST /api/admin/organisations/{id}/{path}. Throws ApiError (400 fields, 404, 409 as each endpoint says). */
export const actOnOrganisation = (id: string, { path, body }: OrganisationAction) =>
  api<OrganisationDetail>(`/api/admin/organisations/${encodeURIComponent(id)}/${path}`, { method: 'POST', body });

export const useOrganisationAction = (id: string) => useAdminAction((action: OrganisationAction) => actOnOrganisation(id, action));
