/**
 * GET /api/me/message-emails: whether the signed-in account gets e-mails about messages left unread
 * (docs/product.md "Messages"; shapes in src/shared/schemas/conversations.ts).
 */
import { useQuery } from '@tanstack/react-query';
import type { MessageEmailSettings } from '@shared/schemas/conversations';
import { api } from '../../../lib/api';

/** The setting's cache entry; saving it (save-message-emails.ts) replaces it. */
export const messageEmailsKey = ['me', 'message-emails'] as const;

/** Throws ApiError (401 signed out). */
export function getMessageEmails(): Promise<MessageEmailSettings> {
  return api<MessageEmailSettings>('/api/me/message-emails');
}

export function useMessageEmails() {
  return useQuery({ queryKey: messageEmailsKey, queryFn: getMessageEmails, retry: false });
}
