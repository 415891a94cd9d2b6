/**
 * Query hooks of the team console (/api/admin, src/shared/schemas/admin.ts). Lists are keyed by their
 * query string; every action invalidates the whole ['admin'] cache so queues, counts and the audit log agree.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { InboxKind } from '@shared/admin';
import type {
  ApplicationDetail,
  applicationPage,
  ConsoleSummary,
  auditPage,
  disputePage,
  DisputeView,
  inboxPage,
  ResolveDisputeInput,
} from '@shared/schemas/admin';
import { api } from '../../lib/api';

type ApplicationPage = z.infer<typeof applicationPage>;
type DisputePage = z.infer<typeof disputePage>;
type InboxPage = z.infer<typeof inboxPage>;
type AuditPage = z.infer<typeof auditPage>;

const list = <T>(path: string, params: Record<string, string | number>) => {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return { queryKey: ['admin', path, qs] as const, queryFn: () => api<T>(`/api/admin/${path}?${qs}`), placeholderData: keepPreviousData };
};

export const useApplications = (status: string, page: number) => useQuery(list<ApplicationPage>('applications', { status, page }));
export const useApplication = (id: string) =>
  useQuery({
    queryKey: ['admin', 'application', id],
    queryFn: () => api<ApplicationDetail>(`/api/admin/applications/${encodeURIComponent(id)}`),
    retry: false,
  });
export const useDisputes = (status: string, page: number) => useQuery(list<DisputePage>('disputes', { status, page }));
export const useDispute = (id: string) =>
  useQuery({ queryKey: ['admin', 'dispute', id], queryFn: () => api<DisputeView>(`/api/admin/disputes/${encodeURIComponent(id)}`), retry: false });
export const useInbox = (kind: InboxKind, handled: string, page: number) => useQuery(list<InboxPage>('inbox', { kind, handled, page }));
export const useSummary = () => useQuery({ queryKey: ['admin', 'summary'], queryFn: () => api<ConsoleSummary>('/api/admin/summary') });
export const useAudit = (page: number) => useQuery(list<AuditPage>('audit', { page }));

/** A console action: POST/PUT `path` with `body`; on success every admin query is refreshed. */
function useAdminAction<TVars, TResult>(request: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }) });
}

export type ReviewAction = { action: 'under-review' | 'approve' } | { action: 'reject'; reason: string };

export const useReviewApplication = (id: string) =>
  useAdminAction((v: ReviewAction) =>
    api<ApplicationDetail>(`/api/admin/applications/${encodeURIComponent(id)}/${v.action}`, {
      method: 'POST',
      body: v.action === 'reject' ? { reason: v.reason } : {},
    }),
  );

/** Decides a dispute; `key` (one per decision attempt) makes a retried request answer the first result. */
export const useResolveDispute = (id: string) =>
  useAdminAction(({ key, body }: { key: string; body: ResolveDisputeInput }) =>
    api<DisputeView>(`/api/admin/disputes/${encodeURIComponent(id)}/resolve`, { method: 'POST', body, headers: { 'Idempotency-Key': key } }),
  );

export const useSetHandled = () =>
  useAdminAction((v: { kind: InboxKind; id: string; handled: boolean }) =>
    api<{ id: string; handledAt: string | null }>(`/api/admin/inbox/${v.kind}/${encodeURIComponent(v.id)}/handled`, {
      method: 'PUT',
      body: { handled: v.handled },
    }),
  );
