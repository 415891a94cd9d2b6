/**
 * Partner report contracts (docs/product.md "Reports"): GET /api/partner/organisations/{id}/report. Money integer
 * cents; weeks UTC, named by their Monday ('YYYY-MM-DD').
 */
import { z } from 'zod';
import { programmeStatuses } from '../programmes.js';

const cents = z.number().int();

export const partnerReport = z.object({
  /** The credit available now. */
  balanceCents: cents,
  /** The credit held for booked sessions and seats (escrow). */
  reservedCents: cents,
  /** Every credit spent on sessions and seats that took place, since the organisation began. */
  spentCents: cents,
  /** Credit spent per UTC week, the last 12 weeks, the current one last (weeks with nothing spent are 0). */
  weeks: z.array(z.object({ weekStart: z.string(), spentCents: cents })),
  /** Each programme, newest first. */
  programmes: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: z.enum(programmeStatuses),
      /** Members now (removed ones not counted). */
      members: z.number().int(),
      /** Every session and seat booked with the programme, whatever became of it. */
      sessionsBooked: z.number().int(),
      /** Of which: took place (the expert was paid). */
      sessionsCompleted: z.number().int(),
      /** Of which: cancelled, or never paid for. */
      sessionsCancelled: z.number().int(),
      /** Credit the programme's bookings hold or spent, less what refunds returned. */
      creditUsedCents: cents,
    }),
  ),
});
export type PartnerReport = z.infer<typeof partnerReport>;

/** GET /api/partner/organisations/{id}/statements: the monthly statements sent, newest first. */
export const statementList = z.object({
  items: z.array(
    z.object({
      /** The statement's UTC month, 'YYYY-MM' (its PDF: …/statements/{month}/statement.pdf). */
      month: z.string(),
      /** 'November 2026'. */
      monthName: z.string(),
      /** When it was e-mailed (UTC). */
      sentAt: z.string(),
    }),
  ),
});
export type StatementList = z.infer<typeof statementList>;
export const statementParams = z.object({ id: z.string().max(200), month: z.string().max(20) });
