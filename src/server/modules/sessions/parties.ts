/** Who a session's e-mails go to: the addresses, zones and the expert row behind a session's two parties. */
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { experts, user as userTable } from '../../db/schema.js';
import type { SessionParties } from './emails.js';

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

const clientUser = alias(userTable, 'client_user');
const expertUser = alias(userTable, 'expert_user');

/**
 * Both parties of session `s` as e-mail recipients (docs/product.md "E-mail"): each account's address and its own
 * time zone; an account that has not reported a zone yet reads its times in the expert's availability zone. A party
 * whose account is gone is null, and so is the expert of a workshop seat: they get one invite and one set of
 * reminders per workshop instead (docs/product.md "Workshops", workshops/expert-mail.ts), not one per seat.
 */
export async function partiesOf(tx: Db | Tx, s: { clientId: string; expertId: string; workshopId?: string | null }): Promise<SessionParties> {
  const [row] = await tx
    .select({
      expertZone: experts.timezone,
      client: { email: clientUser.email, zone: clientUser.timeZone },
      expert: { email: expertUser.email, zone: expertUser.timeZone },
    })
    .from(experts)
    .leftJoin(clientUser, eq(clientUser.id, s.clientId))
    .leftJoin(expertUser, eq(expertUser.id, experts.userId))
    .where(eq(experts.id, s.expertId));
  if (!row) throw new Error(`session expert ${s.expertId} not found`);
  const party = (p: { email: string; zone: string | null } | null) => (p ? { email: p.email, zone: p.zone ?? row.expertZone } : null);
  return { client: party(row.client), expert: s.workshopId ? null : party(row.expert) };
}
