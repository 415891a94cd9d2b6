/**
 * POST /api/expertise-suggestions: catalogue areas suggested from the caller's own uploaded CV
 * (docs/product.md "Expert applications"). Reads only, so no cached read changes.
 */
import type { SuggestionsResponse } from '@shared/schemas/applications';
import { api } from '../../../lib/api';

/** Suggestions for CV `fileId`, leaving out the areas already `selected`. Throws ApiError (404 not the caller's file). */
export function suggestExpertise(fileId: string, selected: string[]): Promise<SuggestionsResponse> {
  return api<SuggestionsResponse>('/api/expertise-suggestions', { body: { fileId, selected } });
}
