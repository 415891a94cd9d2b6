/**
 * Partner contracts (docs/product.md "Partners"): organisations, managers and invitations, the credit wallet and its
 * ledger, for the team console (/api/admin/organisations…) and managers (/api/partner…). Money integer cents, instants
 * UTC ISO-8601.
 */
import { z } from 'zod';
import { messages } from '../messages.js';
import { creditCents, creditEntryKinds, creditPurchaseStatuses, maxEmailDomains, organisationKinds, partnerMessages as m, purchaseCents } from '../partners.js';
import { singleLine } from '../single-line.js';
import { cardInput } from './sessions.js';
import { pageOf, requiredText } from './common.js';

const email = (message: string) => z.string({ error: message }).trim().toLowerCase().max(254, message).pipe(z.email(message));
const cents = (range: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int(message).min(range.min, message).max(range.max, message);
/** A domain such as `university.edu` (letters, digits, hyphens, dots; at least one dot), stored in lower case. */
const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, m.domains);

/** POST /api/admin/organisations: a new organisation, from a partner enquiry when `enquiryId` is given. */
export const organisationInput = z.object({
  name: singleLine(requiredText(m.name, 200), messages.common.singleLine('An organisation’s name')),
  kind: z.enum(organisationKinds, { error: m.kind }),
  billingEmail: email(m.billingEmail),
  emailDomains: z.array(domain, { error: m.domains }).max(maxEmailDomains, m.domains).default([]),
  enquiryId: z.uuid(messages.admin.notFound).optional(),
  /** An upload of purpose 'logo' by the same account (POST /api/files?purpose=logo). */
  logoFileId: z.uuid(messages.common.notFound).optional(),
});
export type OrganisationInput = z.input<typeof organisationInput>;

export const invitationInput = z.object({ email: email(m.inviteEmail) });
export const acceptInvitationInput = z.object({ token: z.string().trim().min(1, m.invitationInvalid).max(200, m.invitationInvalid) });

/** POST /api/partner/organisations/{id}/credit-purchases (header Idempotency-Key required): a card purchase. */
export const creditPurchaseInput = z
  .object({
    amountCents: cents(purchaseCents, m.purchaseAmount),
    card: cardInput.optional(),
    paymentMethodId: z
      .string()
      .regex(/^pm_[A-Za-z0-9_]{1,200}$/, messages.payment.cardRequired)
      .optional(),
  })
  .refine((b) => b.card || b.paymentMethodId, { message: messages.payment.cardRequired, path: ['card'] });
export type CreditPurchaseInput = z.input<typeof creditPurchaseInput>;
/** A card purchase whose bank asks for 3-D Secure (202): the browser runs the bank's step with `clientSecret`, then settles it. */
export const creditPurchasePending = z.object({
  purchaseId: z.string(),
  status: z.literal('pending'),
  paymentAction: z.object({ clientSecret: z.string() }),
});
export type CreditPurchasePending = z.infer<typeof creditPurchasePending>;
/** Where a card purchase stands after the bank's step: paid (numbered receipt), still pending, failed, or expired. Cents. */
export const creditPurchaseState = z.object({
  purchaseId: z.string(),
  status: z.enum(creditPurchaseStatuses),
  amountCents: z.number().int(),
  receiptNumber: z.string().nullable(),
});
export type CreditPurchaseState = z.infer<typeof creditPurchaseState>;

/**
 * GET /api/partner/organisations/{id}/credit-purchases?page=&pageSize=: the purchases of credit, newest first, a page
 * at a time (`pageQuery`: 20 a page by default, at most 100), with their total. Cents, UTC.
 */
export const creditPurchaseList = pageOf(
  z.object({
    purchaseId: z.string(),
    createdAt: z.string(),
    amountCents: z.number().int(),
    status: z.enum(creditPurchaseStatuses),
    /** 'Visa ending 4242' once paid, 'Card' before, or 'bank transfer, reference INV-1'. */
    paidWith: z.string(),
    /** A paid purchase's receipt number (its PDF: …/credit-purchases/{purchaseId}/receipt.pdf); null otherwise. */
    receiptNumber: z.string().nullable(),
    paidAt: z.string().nullable(),
  }),
);
export type CreditPurchaseList = z.infer<typeof creditPurchaseList>;

/** POST /api/admin/organisations/{id}/invoice-payments: a bank transfer received for an invoice. */
export const invoicePaymentInput = z.object({
  amountCents: cents(creditCents, m.creditAmount),
  reference: singleLine(requiredText(m.invoiceReference, 200), messages.common.singleLine('A reference')),
});
/** POST /api/admin/organisations/{id}/grants: free credit until the end of `expiresOn` (a UTC date). */
export const grantInput = z.object({
  amountCents: cents(creditCents, m.creditAmount),
  expiresOn: z.iso.date(m.grantExpiry),
  note: singleLine(requiredText(m.grantNote, 500), messages.common.singleLine('A note')),
});
/** POST /api/admin/organisations/{id}/adjustments: adds (positive) or takes (negative) cents, with a reason. */
export const adjustmentInput = z.object({
  amountCents: z
    .number({ error: m.adjustmentAmount })
    .int(m.adjustmentAmount)
    .refine((v) => v !== 0 && Math.abs(v) >= creditCents.min && Math.abs(v) <= creditCents.max, m.adjustmentAmount),
  reason: requiredText(m.reason, 1000),
});

export const organisationParams = z.object({ id: z.string().max(200) });
export const managerParams = z.object({ id: z.string().max(200), userId: z.string().max(200) });
export const purchaseParams = z.object({ id: z.string().max(200), purchaseId: z.string().max(200) });

export const organisationSummary = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(organisationKinds),
  billingEmail: z.string(),
  emailDomains: z.array(z.string()),
  balanceCents: z.number().int(),
  reservedCents: z.number().int(),
  /** The logo's address (`/api/files/{id}`, public while shown), or null without one. */
  logoUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type OrganisationSummary = z.infer<typeof organisationSummary>;

export const creditEntry = z.object({
  id: z.string(),
  kind: z.enum(creditEntryKinds),
  amountCents: z.number().int(),
  reservedChangeCents: z.number().int(),
  balanceAfterCents: z.number().int(),
  note: z.string().nullable(),
  actorName: z.string().nullable(),
  /** Card brand and last four, or the invoice reference, of a purchase. */
  paidWith: z.string().nullable(),
  createdAt: z.string(),
});
export type CreditEntry = z.infer<typeof creditEntry>;

/**
 * GET /api/admin/organisations/{id}/ledger and /api/partner/organisations/{id}/ledger?page=&pageSize=: the credit
 * ledger, newest first, a page at a time (`pageQuery`: 20 a page by default, at most 100), with its total. Cents, UTC.
 */
export const creditLedgerPage = pageOf(creditEntry);
export type CreditLedgerPage = z.infer<typeof creditLedgerPage>;

/** One organisation: balances, managers, open invitations and grants; its ledger is paged apart (`creditLedgerPage`). */
export const organisationDetail = organisationSummary.extend({
  enquiryId: z.string().nullable(),
  managers: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string(), since: z.string() })),
  invitations: z.array(z.object({ id: z.string(), email: z.string(), createdAt: z.string(), expiresAt: z.string() })),
  grants: z.array(
    z.object({
      id: z.string(),
      amountCents: z.number().int(),
      remainingCents: z.number().int(),
      expiresAt: z.string(),
      note: z.string(),
      retiredAt: z.string().nullable(),
    }),
  ),
});
export type OrganisationDetail = z.infer<typeof organisationDetail>;

/** PUT …/organisations/{id}/logo: an upload of purpose 'logo' by the same account. */
export const logoInput = z.object({ fileId: z.uuid(messages.common.notFound) });

export const organisationPage = pageOf(organisationSummary);
export const organisationList = z.object({ items: z.array(organisationSummary) });
export const acceptedInvitation = z.object({ organisationId: z.string(), name: z.string() });
