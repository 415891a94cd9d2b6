/**
 * An organisation's access programmes in the console (docs/product.md "Access programmes"): the list
 * (GET /api/admin/organisations/{id}/programmes) and the team's pause, reopen or end with a reason
 * (POST …/programmes/{programmeId}/status), which refreshes every admin read.
 */
import { useQuery } from '@tanstack/react-query';
import type { ProgrammeStatus } from '@shared/programmes';
import type { ReasonInput } from '@shared/schemas/admin-users';
import type { ProgrammeDetail, ProgrammeSummary } from '@shared/schemas/programmes';
import { api } from '../../../lib/api';
import { adminKey, useAdminAction } from './admin-cache';

const base = (id: string) => `/api/admin/organisations/${encodeURIComponent(id)}/programmes`;

export const useOrganisationProgrammes = (id: string) =>
  useQuery({ queryKey: [...adminKey, 'organisation-programmes', id], queryFn: () => api<{ items: ProgrammeSummary[] }>(base(id)) });

/** Throws ApiError (400 no reason, 404 not its programme, 409 reopening an ended one). */
export const useSetProgrammeStatus = (id: string, programmeId: string, status: ProgrammeStatus) =>
  useAdminAction((body: ReasonInput) =>
    api<ProgrammeDetail>(`${base(id)}/${encodeURIComponent(programmeId)}/status`, { method: 'POST', body: { status, ...body } }),
  );
