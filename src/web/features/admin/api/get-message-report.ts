/**
 * GET /api/admin/message-reports/{id}: a report and the reported conversation, read-only (docs/product.md "Messages",
 * "Team console"). The server writes every read to the audit log.
 */
import { useQuery } from '@tanstack/react-query';
import type { MessageReportDetail } from '@shared/schemas/conversations';
import { api } from '../../../lib/api';
import { adminKey } from './admin-cache';

/** Throws ApiError (404 no such report). */
export const getMessageReport = (id: string) => api<MessageReportDetail>(`/api/admin/message-reports/${encodeURIComponent(id)}`);

/** No retry: a missing report shows at once. */
export const useMessageReport = (id: string) => useQuery({ queryKey: [...adminKey, 'message-report', id], queryFn: () => getMessageReport(id), retry: false });
