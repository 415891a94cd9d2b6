/** POST /api/applications: sends the wizard's application (docs/product.md "Expert applications"; shapes in src/shared/schemas/applications.ts). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplicationInput, CreatedApplication } from '@shared/schemas/applications';
import { api } from '../../../lib/api';
import { myApplicationKey } from './get-my-application';

/** Answers whether the confirmation e-mail was queued. Throws ApiError (400 rule broken, 401 signed out, 409 one already open). */
export function submitApplication(input: ApplicationInput): Promise<CreatedApplication> {
  return api<CreatedApplication>('/api/applications', { body: input });
}

/** On success the caller's application is read again (its status card and pages show the new one). */
export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: submitApplication, onSuccess: () => queryClient.invalidateQueries({ queryKey: myApplicationKey }) });
}
