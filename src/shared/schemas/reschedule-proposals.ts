/**
 * Reschedule proposal contracts (docs/product.md "Reschedule proposals"): the body of POST
 * /api/sessions/{id}/reschedule-proposals and the open proposal as a session's parties see it. Instants are UTC ISO-8601.
 */
import { z } from 'zod';
import { proposalMessageMax, proposalMessages } from '../reschedule-proposals.js';
import { sessionStart } from './common.js';

/** The expert's proposal: a new start (on the 15-minute grid, checked by the server) and an optional message. */
export const proposalInput = z.object({
  startsAt: sessionStart(proposalMessages.chooseTime),
  message: z
    .string()
    .trim()
    .max(proposalMessageMax, `Please keep the message under ${proposalMessageMax} characters`)
    .optional()
    .transform((v) => v || null),
});
export type ProposalInput = z.input<typeof proposalInput>;

/** The session's open proposal: the proposed start, the expert's message, and when it expires (the session's start). */
export const proposalSummary = z.object({
  id: z.string(),
  startsAt: z.string(),
  message: z.string().nullable(),
  expiresAt: z.string(),
});
export type ProposalSummary = z.infer<typeof proposalSummary>;
