/**
 * PUT /api/me/message-emails: switches the signed-in account's e-mails about unread messages on or off
 * (docs/product.md "Messages"). The answer becomes the cached setting.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageEmailSettings } from '@shared/schemas/conversations';
import { api } from '../../../lib/api';
import { messageEmailsKey } from './get-message-emails';

/** Throws ApiError (400 not a boolean, 401 signed out). */
export function saveMessageEmails(input: MessageEmailSettings): Promise<MessageEmailSettings> {
  return api<MessageEmailSettings>('/api/me/message-emails', { method: 'PUT', body: input });
}

export function useSaveMessageEmails() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveMessageEmails, onSuccess: (settings) => queryClient.setQueryData(messageEmailsKey, settings) });
}
