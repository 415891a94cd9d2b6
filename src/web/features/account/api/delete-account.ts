/** POST /api/me/delete: deletes the signed-in account (docs/product.md "Account"; body in src/shared/schemas/account.ts). */
import type { DeleteAccountInput } from '@shared/schemas/account';
import { api } from '../../../lib/api';

/** Throws ApiError: 400 password missing or wrong, 403 sign in again, 409 what must happen first (the product's words). */
export function deleteAccount(input: DeleteAccountInput): Promise<{ deleted: true }> {
  return api<{ deleted: true }>('/api/me/delete', { method: 'POST', body: input });
}
