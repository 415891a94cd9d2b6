/**
 * POST /api/admin/message-reports/{id}/dismiss and …/suspend: the team closes a report, or closes it and suspends the
 * reported account's messaging (docs/product.md "Messages", "Team console"). Refreshes every admin read.
 */
import type { MessageReportView } from '@shared/schemas/conversations';
import { api } from '../../../lib/api';
import { useAdminAction } from './admin-cache';

/** Throws ApiError (404 no such report, 409 already handled). */
export function handleMessageReport(id: string, action: 'dismiss' | 'suspend'): Promise<MessageReportView> {
  return api<MessageReportView>(`/api/admin/message-reports/${encodeURIComponent(id)}/${action}`, { method: 'POST', body: {} });
}

export const useHandleMessageReport = (id: string) => useAdminAction((action: 'dismiss' | 'suspend') => handleMessageReport(id, action));
