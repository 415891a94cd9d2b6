/**
 * A programme's invited list (docs/product.md "Access programmes"): a manager uploads a CSV file (at most 256 kB and
 * 2,000 addresses, read by `invite-list-csv.ts`); each new address gets an invitation e-mail through the outbox in the same transaction,
 * linked to its invitation so the programme page shows its delivery, and the answer reports the duplicates, the addresses already invited
 * and the lines without a valid address.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { inviteListLimits, programmeMessages as m } from '../../../shared/programmes.js';
import type { InviteListResult } from '../../../shared/schemas/programmes.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { programmeInvitations } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { outboxInsert } from '../../infra/mail/outbox.js';
import { programmeInvitationEmail } from './emails.js';
import { addressesOf } from './invite-list-csv.js';
import { lockProgramme } from './programme-service.js';

export const invitationTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * POST …/programmes/{programmeId}/invitations `{ csv }`: invites every new address of the file to the programme of
 * organisation `organisationId` (join rule 'invited'). 400 no address, more than 2,000 or a file that is not CSV; 404 unknown programme;
 * 409 not a programme for an invited list.
 */
export async function inviteList(
  db: Db,
  manager: CurrentUser,
  organisationId: string,
  programmeId: string,
  csv: string,
  organisationName: string,
  baseUrl: string,
): Promise<InviteListResult> {
  const { emails, invalid } = addressesOf(csv);
  const unique = [...new Set(emails)];
  if (unique.length === 0) throw new AppError('VALIDATION', m.inviteList);
  if (unique.length > inviteListLimits.addresses) throw new AppError('VALIDATION', m.inviteListTooBig);
  const duplicates = [...new Set(emails.filter((e, i) => emails.indexOf(e) !== i))];
  return db.transaction(async (tx) => {
    const p = await lockProgramme(tx, organisationId, programmeId);
    if (p.joinRule !== 'invited') throw new AppError('CONFLICT', m.invitedListOnly);
    // The programme's row lock keeps another upload of the same list out until this one commits.
    const known = await tx
      .select({ email: programmeInvitations.email })
      .from(programmeInvitations)
      .where(and(eq(programmeInvitations.programmeId, programmeId), inArray(programmeInvitations.email, unique)));
    const alreadyInvited = new Set(known.map((r) => r.email));
    const rows = unique.filter((e) => !alreadyInvited.has(e)).map((email) => ({ email, token: randomBytes(32).toString('base64url'), mailId: randomUUID() }));
    if (rows.length) {
      // The e-mails first: each invitation refers to its own.
      await outboxInsert(
        tx,
        rows.map((r) => ({
          ...programmeInvitationEmail(r.email, { organisation: organisationName, programme: p.name, token: r.token }, baseUrl),
          id: r.mailId,
        })),
      );
      await tx
        .insert(programmeInvitations)
        .values(rows.map((r) => ({ programmeId, email: r.email, tokenHash: invitationTokenHash(r.token), invitedBy: manager.id, outboxEmailId: r.mailId })));
    }
    return { invited: rows.length, duplicates, alreadyInvited: unique.filter((e) => alreadyInvited.has(e)), invalid };
  });
}
