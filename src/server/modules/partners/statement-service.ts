/**
 * Monthly statements (docs/product.md "Reports"): from the 1st of each UTC month, every organisation that existed in
 * the month before is e-mailed that month's statement, a PDF, to its managers and billing address. Several servers run
 * the job at once: the statement's row (organisation, month) is inserted with its e-mails in one transaction, and its
 * primary key lets one server send it. Managers list the statements sent and download each again.
 */
import { and, asc, count, desc, eq, gte, lt, notExists, sql, sum } from 'drizzle-orm';
import { creditEntryKinds, partnerMessages, type CreditEntryKind } from '../../../shared/partners.js';
import type { StatementList } from '../../../shared/schemas/partner-reports.js';
import type { Db } from '../../db/client.js';
import { creditLedger, organisationManagers, organisations, partnerStatements, programmeBookings, sessions, user as userTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { enqueueEmail } from '../../infra/mail/outbox.js';
import { clock } from '../../clock.js';
import { statementEmail } from './emails.js';
import { statementPdf, type Statement } from './statement-pdf.js';

/** Organisations handled per run (the job runs every minute). */
const batch = 20;
/** Ledger entries a statement lists; the rest are in the ledger's CSV export. */
export const statementEntries = 300;

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The UTC month before the one of `now`: its first day ('YYYY-MM-01'), its start and its end (the next month's start). */
export function previousMonth(now: Date): { month: string; start: Date; end: Date } {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return { month: start.toISOString().slice(0, 10), start, end };
}

/** The available and reserved balances from the entries before `before`. */
async function balanceBefore(db: Db, organisationId: string, before: Date) {
  const [row] = await db
    .select({ available: sum(creditLedger.amountCents).mapWith(Number), reserved: sum(creditLedger.reservedChangeCents).mapWith(Number) })
    .from(creditLedger)
    .where(and(eq(creditLedger.organisationId, organisationId), lt(creditLedger.createdAt, before)));
  return { availableCents: row?.available ?? 0, reservedCents: row?.reserved ?? 0 };
}

/** Organisation `organisationId`'s statement for the month from `start` to `end` (UTC). */
export async function readStatement(db: Db, o: { id: string; name: string }, start: Date, end: Date): Promise<Statement> {
  const inMonth = and(eq(creditLedger.organisationId, o.id), gte(creditLedger.createdAt, start), lt(creditLedger.createdAt, end));
  const [opening, closing, kinds, [booked], entries, [all]] = await Promise.all([
    balanceBefore(db, o.id, start),
    balanceBefore(db, o.id, end),
    db
      .select({
        kind: creditLedger.kind,
        amountCents: sum(creditLedger.amountCents).mapWith(Number),
        reservedChangeCents: sum(creditLedger.reservedChangeCents).mapWith(Number),
        entries: count(),
      })
      .from(creditLedger)
      .where(inMonth)
      .groupBy(creditLedger.kind),
    db
      .select({ n: count() })
      .from(programmeBookings)
      .where(and(eq(programmeBookings.organisationId, o.id), gte(programmeBookings.createdAt, start), lt(programmeBookings.createdAt, end))),
    db
      .select({
        createdAt: creditLedger.createdAt,
        kind: creditLedger.kind,
        amountCents: creditLedger.amountCents,
        reservedChangeCents: creditLedger.reservedChangeCents,
        balanceAfterCents: creditLedger.balanceAfterCents,
        memberName: sessions.clientName,
        expertName: sessions.expertName,
      })
      .from(creditLedger)
      .leftJoin(sessions, eq(sessions.id, creditLedger.sessionId))
      .where(inMonth)
      .orderBy(asc(creditLedger.createdAt), asc(creditLedger.id))
      .limit(statementEntries),
    db.select({ n: count() }).from(creditLedger).where(inMonth),
  ]);
  const order = (k: string) => creditEntryKinds.indexOf(k as CreditEntryKind);
  return {
    organisation: o.name,
    monthName: monthName.format(start),
    opening,
    closing,
    byKind: kinds.sort((a, b) => order(a.kind) - order(b.kind)).map((k) => ({ ...k, kind: k.kind as CreditEntryKind })),
    sessionsBooked: booked?.n ?? 0,
    entries: entries.map((e) => ({ ...e, kind: e.kind as CreditEntryKind })),
    moreEntries: (all?.n ?? 0) - entries.length,
  };
}

/**
 * The statement job: e-mails last month's statement (PDF attached) of every organisation created before that month
 * ended and not sent yet, to its managers and its billing address, once across servers. Answers how many were sent.
 */
export async function sendMonthlyStatements(db: Db, baseUrl: string, now = clock.now()): Promise<number> {
  const { month, start, end } = previousMonth(now);
  const due = await db
    .select({ id: organisations.id, name: organisations.name, billingEmail: organisations.billingEmail })
    .from(organisations)
    .where(
      and(
        lt(organisations.createdAt, end),
        notExists(
          db
            .select({ one: sql`1` })
            .from(partnerStatements)
            .where(and(eq(partnerStatements.organisationId, organisations.id), eq(partnerStatements.month, month))),
        ),
      ),
    )
    .orderBy(organisations.createdAt)
    .limit(batch);
  let sent = 0;
  for (const o of due) {
    // Read and drawn outside the transaction: a server that loses the claim below only wasted the drawing.
    const statement = await readStatement(db, o, start, end);
    const pdf = await statementPdf(statement);
    const claimed = await db.transaction(async (tx) => {
      const [row] = await tx.insert(partnerStatements).values({ organisationId: o.id, month }).onConflictDoNothing().returning();
      if (!row) return false;
      const managers = await tx
        .select({ email: userTable.email })
        .from(organisationManagers)
        .innerJoin(userTable, eq(userTable.id, organisationManagers.userId))
        .where(eq(organisationManagers.organisationId, o.id));
      const to = new Set([...managers.map((m) => m.email), o.billingEmail]);
      for (const address of to) await enqueueEmail(tx, statementEmail(address, { organisationId: o.id, statement, month, pdf }, baseUrl));
      return true;
    });
    if (claimed) sent++;
  }
  return sent;
}

/** 'YYYY-MM' → that UTC month's first day, start and end; null for no such month. */
function monthOf(text: string): { month: string; start: Date; end: Date } | null {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text);
  if (!match) return null;
  const start = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return { month: `${text}-01`, start, end: new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)) };
}

/**
 * GET /api/partner/organisations/{id}/statements: the months whose statement was sent to organisation
 * `organisationId` (the caller checked the manager), newest first — `{ month: 'YYYY-MM', monthName, sentAt }`.
 */
export async function listStatements(db: Db, organisationId: string): Promise<StatementList> {
  const rows = await db
    .select({ month: partnerStatements.month, sentAt: partnerStatements.sentAt })
    .from(partnerStatements)
    .where(eq(partnerStatements.organisationId, organisationId))
    .orderBy(desc(partnerStatements.month));
  return {
    items: rows.map((r) => ({ month: r.month.slice(0, 7), monthName: monthName.format(new Date(`${r.month}T00:00:00Z`)), sentAt: r.sentAt.toISOString() })),
  };
}

/**
 * GET /api/partner/organisations/{id}/statements/{month}/statement.pdf: the PDF of a statement sent, drawn again from
 * the ledger, which is append-only, so it says what the e-mailed one said (under the organisation's name of today).
 * 404 'Statement not found' for a month with no statement sent.
 */
export async function statementPdfOf(db: Db, organisationId: string, month: string): Promise<Buffer> {
  const m = monthOf(month);
  const [sent] = m
    ? await db
        .select({ name: organisations.name })
        .from(partnerStatements)
        .innerJoin(organisations, eq(organisations.id, partnerStatements.organisationId))
        .where(and(eq(partnerStatements.organisationId, organisationId), eq(partnerStatements.month, m.month)))
    : [];
  if (!m || !sent) throw new AppError('NOT_FOUND', partnerMessages.statementNotFound);
  return statementPdf(await readStatement(db, { id: organisationId, name: sent.name }, m.start, m.end));
}
