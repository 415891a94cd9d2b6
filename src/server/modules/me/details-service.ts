/** PUT /api/me/details: the account's name and phone (docs/product.md "Account"). */
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages.js';
import { detailsInput, type DetailsInput } from '../../../shared/schemas/account.js';
import type { Me } from '../../../shared/schemas/profile.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { experts, user } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { toMe } from './service.js';

/**
 * Saves first name, last name (required, no control characters) and phone (optional; empty removes it). The account
 * owns the person's name: an expert's public profile name is the same name, written in the same transaction, so the
 * two never disagree. Sessions keep the names they were booked under. 400 in the product's words.
 */
export async function saveDetails(db: Db, current: CurrentUser, input: DetailsInput): Promise<Me> {
  const data = detailsInput.parse(input);
  const name = `${data.firstName} ${data.lastName}`;
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(user)
      .set({ firstName: data.firstName, lastName: data.lastName, phone: data.phone ?? null, name, updatedAt: new Date() })
      .where(eq(user.id, current.id))
      .returning();
    await tx.update(experts).set({ name, updatedAt: new Date() }).where(eq(experts.userId, current.id));
    return updated;
  });
  if (!row) throw new AppError('NOT_FOUND', messages.auth.saveProfileFailed);
  return toMe(row);
}
