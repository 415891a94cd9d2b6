/**
 * CSV exports of an organisation for its managers (docs/product.md "Reports"): the credit ledger and the sessions its
 * programmes funded. Written by csv-stringify as the rows are read, a page at a time (keyset on the time and the id),
 * so a long ledger never sits in memory. Money integer cents (a formatted column beside the balance and the credit
 * used), times ISO 8601 UTC. A text cell a spreadsheet would read as a formula (= + - @, tab, CR first) is prefixed
 * with ' — names and notes are typed by people (OWASP "CSV Injection"). Sessions show who booked with whom and when,
 * never a topic, message or feedback. The caller checked that the account manages the organisation.
 */
import { Readable, pipeline, type Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { creditEntryNames, type CreditEntryKind } from '../../../shared/partners.js';
import { formatMoney } from '../../../shared/pricing.js';
import { sessionState } from '../../../shared/sessions.js';
import type { Db } from '../../db/client.js';
import { accessProgrammes, creditLedger, creditPurchases, programmeBookings, sessions, user as userTable } from '../../db/schema.js';
import { clock } from '../../clock.js';
import { paidWithColumns, paidWithOf } from './organisation-service.js';

const pageSize = 500;

/** A row's place in the order, exact to the microsecond (a JavaScript Date keeps milliseconds only). */
const cursorOf = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Reads `page(after)` until a page comes back short, yielding each row; `after` is the last row's cursor and id. */
async function* pages<T extends { cursor: string; id: string }>(page: (after: { cursor: string; id: string } | null) => Promise<T[]>) {
  let after: { cursor: string; id: string } | null = null;
  for (;;) {
    const rows = await page(after);
    yield* rows;
    if (rows.length < pageSize) return;
    after = rows.at(-1)!;
  }
}

/** The CSV text of `records` (objects keyed by `columns`), as a stream; a failed read ends it with the error. */
function csvStream(records: AsyncIterable<Record<string, string | number>>, columns: string[], onError: (err: Error) => void): Transform {
  // csv-stringify's escape_formulas leaves a negative number alone: -4500 stays an integer a sheet sums.
  const options = { header: true, columns, escape_formulas: true };
  return pipeline(Readable.from(records), stringify(options), (err) => {
    if (err) onError(err);
  });
}

const iso = (d: Date | null) => (d ? d.toISOString() : '');

const ledgerColumns = [
  'When (UTC)',
  'Entry',
  'Change (cents)',
  'Reserved change (cents)',
  'Balance after (cents)',
  'Balance after',
  'Paid with',
  'Note',
  'By',
  'Member',
  'Expert',
  'Session starts (UTC)',
];

/**
 * GET …/ledger.csv: every entry of the organisation's credit ledger, oldest first — when, the kind, the change of the
 * available and of the reserved credit (cents, signed), the balance after, how a purchase was paid, the note, who
 * made it, and for a booking's entries the member, the expert and the session's start.
 */
export function ledgerCsv(db: Db, organisationId: string, onError: (err: Error) => void): Transform {
  const actor = alias(userTable, 'actor');
  const rows = pages((after) =>
    db
      .select({
        id: creditLedger.id,
        cursor: cursorOf(creditLedger.createdAt),
        e: creditLedger,
        actorName: actor.name,
        purchase: paidWithColumns,
        memberName: sessions.clientName,
        expertName: sessions.expertName,
        startsAt: sessions.startsAt,
      })
      .from(creditLedger)
      .leftJoin(actor, eq(actor.id, creditLedger.actorId))
      .leftJoin(creditPurchases, eq(creditPurchases.id, creditLedger.purchaseId))
      .leftJoin(sessions, eq(sessions.id, creditLedger.sessionId))
      .where(
        and(
          eq(creditLedger.organisationId, organisationId),
          after ? sql`(${creditLedger.createdAt}, ${creditLedger.id}) > (${after.cursor}::timestamptz, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(creditLedger.createdAt), asc(creditLedger.id))
      .limit(pageSize),
  );
  async function* records() {
    for await (const r of rows) {
      const { e } = r;
      yield {
        'When (UTC)': iso(e.createdAt),
        Entry: creditEntryNames[e.kind as CreditEntryKind],
        'Change (cents)': e.amountCents,
        'Reserved change (cents)': e.reservedChangeCents,
        'Balance after (cents)': e.balanceAfterCents,
        'Balance after': formatMoney(e.balanceAfterCents),
        'Paid with': e.purchaseId && r.purchase?.method ? paidWithOf(r.purchase as Parameters<typeof paidWithOf>[0]) : '',
        Note: e.note ?? '',
        By: r.actorName ?? '',
        Member: r.memberName ?? '',
        Expert: r.expertName ?? '',
        'Session starts (UTC)': iso(r.startsAt),
      };
    }
  }
  return csvStream(records(), ledgerColumns, onError);
}

const sessionColumns = [
  'Booked (UTC)',
  'Programme',
  'Member',
  'Member e-mail',
  'Expert',
  'Kind',
  'Starts (UTC)',
  'Minutes',
  'Status',
  'Credit (cents)',
  'Returned (cents)',
  'Credit used (cents)',
  'Credit used',
];
const kindNames: Record<string, string> = { paid: 'One-to-one session', intro: 'Free intro', workshop: 'Workshop seat' };

/**
 * GET …/sessions.csv: every session and workshop seat the organisation's programmes funded, in the order booked —
 * programme, member, expert, kind, start, length, status, and the credit it took, got back and used (cents).
 */
export function sessionsCsv(db: Db, organisationId: string, onError: (err: Error) => void, now = clock.now()): Transform {
  const rows = pages((after) =>
    db
      .select({
        id: programmeBookings.sessionId,
        cursor: cursorOf(programmeBookings.createdAt),
        bookedAt: programmeBookings.createdAt,
        programme: accessProgrammes.name,
        memberName: sessions.clientName,
        memberEmail: userTable.email,
        expertName: sessions.expertName,
        kind: sessions.kind,
        status: sessions.status,
        startsAt: sessions.startsAt,
        durationMinutes: sessions.durationMinutes,
        creditCents: programmeBookings.creditCents,
        returnedCents: programmeBookings.returnedCents,
      })
      .from(programmeBookings)
      .innerJoin(sessions, eq(sessions.id, programmeBookings.sessionId))
      .innerJoin(accessProgrammes, eq(accessProgrammes.id, programmeBookings.programmeId))
      .leftJoin(userTable, eq(userTable.id, programmeBookings.userId))
      .where(
        and(
          eq(programmeBookings.organisationId, organisationId),
          after ? sql`(${programmeBookings.createdAt}, ${programmeBookings.sessionId}) > (${after.cursor}::timestamptz, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(programmeBookings.createdAt), asc(programmeBookings.sessionId))
      .limit(pageSize),
  );
  async function* records() {
    for await (const r of rows) {
      yield {
        'Booked (UTC)': iso(r.bookedAt),
        Programme: r.programme,
        Member: r.memberName,
        'Member e-mail': r.memberEmail ?? '',
        Expert: r.expertName,
        Kind: kindNames[r.kind] ?? r.kind,
        'Starts (UTC)': iso(r.startsAt),
        Minutes: r.durationMinutes,
        Status: sessionState(r, now).label,
        'Credit (cents)': r.creditCents,
        'Returned (cents)': r.returnedCents,
        'Credit used (cents)': r.creditCents - r.returnedCents,
        'Credit used': formatMoney(r.creditCents - r.returnedCents),
      };
    }
  }
  return csvStream(records(), sessionColumns, onError);
}
