/**
 * Partner rules shared by server and web (docs/product.md "Partners"): organisation kinds, the credit ledger's entry
 * kinds, the limits of purchases, grants and adjustments, and the words of every partner message. Pure: money in
 * integer cents, instants UTC.
 */
import { formatMoney } from './pricing.js';

export const organisationKinds = ['university', 'company', 'other'] as const;
export type OrganisationKind = (typeof organisationKinds)[number];
export const organisationKindNames: Record<OrganisationKind, string> = { university: 'University', company: 'Company', other: 'Other' };

/**
 * Kinds of credit ledger entries. Each entry moves the available balance (`amountCents`) and the reserved credit
 * (`reservedChangeCents`) with fixed signs (decision 031): purchase and grant add, reservation moves available credit
 * to reserved, spend takes reserved credit, return gives reserved credit back, expiry retires a grant's unspent part,
 * an adjustment adds or takes.
 */
export const creditEntryKinds = ['purchase', 'grant', 'reservation', 'spend', 'return', 'expiry', 'adjustment'] as const;
export type CreditEntryKind = (typeof creditEntryKinds)[number];
export const creditEntryNames: Record<CreditEntryKind, string> = {
  purchase: 'Purchase',
  grant: 'Grant',
  reservation: 'Reserved for a booking',
  spend: 'Spent',
  return: 'Returned',
  expiry: 'Expired',
  adjustment: 'Adjustment',
};

/** A card purchase of credit: $10 to $50,000, in cents. */
export const purchaseCents = { min: 1_000, max: 5_000_000 } as const;
/**
 * A card purchase still waiting for the bank's 3-D Secure confirmation this long after it was made is abandoned: its
 * payment is cancelled at the processor and the purchase expires (docs/product.md "Partners"). A day, as Stripe's own
 * guidance treats a PaymentIntent left in `requires_action`, and far past any bank's confirmation step.
 */
export const pendingPurchaseHours = 24;
/** What a credit purchase is: paid (numbered receipt), waiting for the bank, refused by it, or abandoned and expired. */
export const creditPurchaseStatuses = ['pending', 'paid', 'failed', 'expired'] as const;
export type CreditPurchaseStatus = (typeof creditPurchaseStatuses)[number];
export const creditPurchaseStatusNames: Record<CreditPurchaseStatus, string> = {
  pending: 'Waiting for the bank',
  paid: 'Paid',
  failed: 'Refused by the bank',
  expired: 'Expired, nothing charged',
};
/** A grant, an invoice payment, or an adjustment either way: 1 cent to $50,000. */
export const creditCents = { min: 1, max: 5_000_000 } as const;
/** E-mail domains an organisation lists for its members, at most. */
export const maxEmailDomains = 20;
/** A manager invitation's link works for 14 days. */
export const invitationDays = 14;
/** Managers are e-mailed this many days before a grant's unspent credit expires. */
export const grantWarningDays = [14, 3] as const;

/** When a grant given "until `expiresOn`" (a UTC date) expires: the start of the next UTC day. */
export function grantExpiry(expiresOn: string): Date {
  return new Date(Date.parse(`${expiresOn}T00:00:00Z`) + 86_400_000);
}

/** Every partner message (docs/product.md "Partners" quotes them). */
export const partnerMessages = {
  organisationNotFound: 'Organisation not found',
  logoUploaders: 'Only the team or an organisation’s managers can upload a logo',
  name: 'Please enter the organisation’s name',
  kind: 'Please choose university, company or other',
  billingEmail: 'Please enter a valid billing e-mail address',
  domains: `Please list up to ${maxEmailDomains} e-mail domains, such as university.edu`,
  enquiryNotFound: 'Partner enquiry not found',
  enquiryTaken: 'An organisation was already created from this enquiry',
  inviteEmail: 'Please enter a valid e-mail address',
  alreadyManager: 'This person already manages the organisation',
  invitationInvalid: 'This invitation link is not valid. Please ask a manager or the Mentora team for a new one.',
  invitationExpired: 'This invitation has expired. Please ask a manager or the Mentora team for a new one.',
  invitationUsed: 'This invitation has already been accepted',
  invitationOtherEmail: 'This invitation was sent to another e-mail address. Please sign in with the address it was sent to.',
  managerNotFound: 'Manager not found',
  removeSelf: 'You cannot remove yourself. Please ask another manager.',
  purchaseAmount: `Please buy between ${formatMoney(purchaseCents.min)} and ${formatMoney(purchaseCents.max)} of credit, in whole cents`,
  creditAmount: `The amount must be between ${formatMoney(creditCents.min)} and ${formatMoney(creditCents.max)}, in whole cents`,
  adjustmentAmount: `An adjustment adds or takes between ${formatMoney(creditCents.min)} and ${formatMoney(creditCents.max)}, in whole cents`,
  invoiceReference: 'Please enter the invoice or bank transfer reference',
  invoiceRecorded: 'A payment with this reference is already recorded',
  grantExpiry: 'Please choose a last day from tomorrow on',
  grantNote: 'Please add a note, such as “Spring pilot”',
  reason: 'Please give a reason',
  purchaseNotFound: 'Purchase not found',
  purchaseExpired: `This purchase expired: the bank’s confirmation was not finished within ${pendingPurchaseHours} hours, and nothing was charged. Please buy the credit again.`,
  receiptNotFound: 'Receipt not found',
  statementNotFound: 'Statement not found',
  /** The most an adjustment may take: the available credit (reserved credit is never taken). */
  belowReserved: (availableCents: number) =>
    `The balance cannot go below what is reserved for bookings: at most ${formatMoney(availableCents)} can be taken off.`,
} as const;
