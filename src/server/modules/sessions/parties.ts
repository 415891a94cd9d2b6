/** Who a session's e-mails go to: the addresses and the expert row behind a session's two parties. */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { experts, user as userTable } from '../../db/schema.js';

/** The e-mail address of user `userId`, or null when the account is gone. */
export async function emailOf(tx: Tx, userId: string): Promise<string | null> {
  const [row] = await tx.select({ email: userTable.email }).from(userTable).where(eq(userTable.id, userId));
  return row?.email ?? null;
}

/** The expert row `expertId` of a session (sessions.expert_id references it, so it exists). */
export async function expertOf(tx: Tx, expertId: string): Promise<typeof experts.$inferSelect> {
  const [row] = await tx.select().from(experts).where(eq(experts.id, expertId));
  return row!;
}
