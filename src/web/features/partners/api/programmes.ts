/**
 * A manager's access programmes (docs/product.md "Access programmes"): list, read, create, pause / reopen / end,
 * upload an invited list, remove a member — /api/partner/organisations/{id}/programmes…. Reads sit under ['partner'],
 * so every partner write refreshes them (partner-cache.ts).
 */
import { useQuery } from '@tanstack/react-query';
import type { ProgrammeStatus } from '@shared/programmes';
import type { InviteListResult, ProgrammeDetail, ProgrammeInput, ProgrammeSummary } from '@shared/schemas/programmes';
import { api, retryUnlessRefused } from '../../../lib/api';
import { partnerKey, usePartnerAction } from './partner-cache';

const base = (id: string) => `/api/partner/organisations/${encodeURIComponent(id)}/programmes`;
const one = (id: string, programmeId: string) => `${base(id)}/${encodeURIComponent(programmeId)}`;

export const useProgrammes = (id: string) =>
  useQuery({
    queryKey: [...partnerKey, 'programmes', id],
    queryFn: () => api<{ items: ProgrammeSummary[] }>(base(id)),
    retry: retryUnlessRefused,
  });

export const useProgramme = (id: string, programmeId: string) =>
  useQuery({
    queryKey: [...partnerKey, 'programme', id, programmeId],
    queryFn: () => api<ProgrammeDetail>(one(id, programmeId)),
    retry: retryUnlessRefused,
  });

/** Throws ApiError (400 invalid terms, in the product's words). */
export const useCreateProgramme = (id: string) => usePartnerAction((body: ProgrammeInput) => api<ProgrammeDetail>(base(id), { body }));

export const useProgrammeStatus = (id: string, programmeId: string) =>
  usePartnerAction((status: ProgrammeStatus) => api<ProgrammeDetail>(`${one(id, programmeId)}/status`, { body: { status } }));

/** `csv`: the file's text (at most 256 kB). */
export const useInviteList = (id: string, programmeId: string) =>
  usePartnerAction((csv: string) => api<InviteListResult>(`${one(id, programmeId)}/invitations`, { body: { csv } }));

export const useRemoveMember = (id: string, programmeId: string) =>
  usePartnerAction((userId: string) => api<ProgrammeDetail>(`${one(id, programmeId)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }));
