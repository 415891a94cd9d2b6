/**
 * POST /api/conversations/{id}/report: the reader reports the conversation to the team with a reason
 * (docs/product.md "Messages", "Blocking and reporting"). Nothing the page shows changes.
 */
import { useMutation } from '@tanstack/react-query';
import type { ConversationReport, ReportConversationInput } from '@shared/schemas/conversations';
import { api } from '../../../lib/api';

/** Throws ApiError (400 no reason, 404 not the caller's conversation, 409 already reported and still open, 429 too many). */
export function reportConversation(conversationId: string, body: ReportConversationInput): Promise<{ report: ConversationReport }> {
  return api<{ report: ConversationReport }>(`/api/conversations/${encodeURIComponent(conversationId)}/report`, { method: 'POST', body });
}

export function useReportConversation(conversationId: string) {
  return useMutation({ mutationFn: (body: ReportConversationInput) => reportConversation(conversationId, body) });
}
