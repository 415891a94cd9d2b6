/**
 * Every action the team console records in its audit log (docs/product.md "Team console": who, when, what) and how
 * the console says it: the one place that names them, for the audit log page and a user's audit trail. The server's
 * `recordAudit` accepts only these actions, so a new one cannot be written without its words. Pure.
 */
import { inboxItemNames, type InboxKind } from './admin.js';
import { formatMoney } from './pricing.js';

/** Action → what the team member did, read after their name ('Alex Admin approved an application'). */
export const auditActionLabels = {
  'application.under_review': 'marked an application under review',
  'application.approve': 'approved an application',
  'application.reject': 'rejected an application',
  'dispute.resolve': 'decided a dispute',
  'inbox.handled': 'marked an inbox item handled',
  'inbox.unhandled': 'marked an inbox item not handled',
  'inbox.replied': 'replied by e-mail to an inbox item',
  'session.refund': 'refunded a session',
  'package.refund': "refunded a package's unused sessions",
  'subscription.refund': "ended a plan, refunding its month's unused sessions",
  'expert.unpublish': 'unpublished an expert profile',
  'expert.republish': 'republished an expert profile',
  'user.role': "changed an account's role",
  'user.suspend': 'suspended an account',
  'user.reinstate': 'reinstated an account',
  'user.cancel_booked_sessions': "cancelled a suspended account's booked sessions with full refunds",
  'message-report.view': 'read a reported conversation',
  'message-report.suspend': "suspended an account's messaging on a report",
  'message-report.dismiss': 'dismissed a message report',
  'message-report.attachment': 'downloaded an attachment of a reported conversation',
  'user.messaging-lift': "lifted an account's messaging suspension",
  'organisation.create': 'created a partner organisation',
  'organisation.invite': 'invited a manager of a partner organisation',
  'organisation.logo': "set a partner organisation's logo",
  'organisation.logo_remove': "removed a partner organisation's logo",
  'organisation.remove_manager': 'removed a manager of a partner organisation',
  'programme.pause': "paused an organisation's access programme",
  'programme.reopen': "reopened an organisation's access programme",
  'programme.end': "ended an organisation's access programme",
  'credit.invoice': "recorded a bank transfer as an organisation's credit",
  'credit.grant': 'granted free credit to an organisation',
  'credit.adjust': "adjusted an organisation's credit",
  'workshop.sponsor': 'reserved seats of a workshop for an organisation',
  'payment-retry.retry': 'asked the payment processor again to give money back',
  'payment-retry.resolve': 'marked money owed back as given back by hand',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof auditActionLabels;

/** The words of `action`; an action this version does not know (written by a newer server) is shown as it is stored. */
export function auditActionLabel(action: string): string {
  return (auditActionLabels as Record<string, string>)[action] ?? action;
}

type Described = { action: string; targetType?: string; detail: Record<string, unknown> | null };

/**
 * One audit row in words: its label and, where the row keeps them, the particulars the team needs to read it (the
 * reason given, the money moved, the profile made, the inbox item's kind, the role's change). Money in the detail is
 * integer cents.
 */
export function describeAudit(e: Described): string {
  return `${auditActionLabel(e.action)}${particulars(e)}`;
}

/** What follows the label, with its leading space or colon; '' when the row keeps nothing more. */
function particulars({ action, targetType, detail }: Described): string {
  const d = detail ?? {};
  const text = (key: string) => (typeof d[key] === 'string' && d[key] ? (d[key] as string) : null);
  const money = (key: string) => formatMoney(Number(d[key] ?? 0));
  const reason = text('reason') ?? text('note');
  const because = reason ? `: “${reason}”` : '';
  switch (action) {
    case 'application.approve':
      return text('slug') ? ` (profile /expert/${text('slug')})` : '';
    case 'dispute.resolve':
      return d.decision === 'client' ? ` for the client, refunding ${money('refundCents')}${because}` : ` for the expert, releasing the payment${because}`;
    case 'session.refund':
    case 'package.refund':
    case 'subscription.refund':
      return ` of ${money('refundCents')}${because}`;
    case 'organisation.create':
      return text('name') ? ` (${text('name')})` : '';
    case 'organisation.invite':
      return text('email') ? ` (${text('email')})` : '';
    case 'organisation.remove_manager':
      return `${text('email') ? ` (${text('email')})` : ''}${because}`;
    case 'programme.pause':
    case 'programme.reopen':
    case 'programme.end':
      return `${text('name') ? ` (${text('name')})` : ''}${because}`;
    case 'credit.invoice':
      return ` of ${money('amountCents')} (reference ${text('reference') ?? '—'})`;
    case 'credit.grant':
    case 'payment-retry.resolve':
      return ` of ${money('amountCents')}${because}`;
    case 'payment-retry.retry':
      return ` of ${money('amountCents')}: ${d.done ? 'given back' : 'refused again'}`;
    case 'credit.adjust':
      return ` by ${Number(d.amountCents ?? 0) < 0 ? '−' : '+'}${formatMoney(Math.abs(Number(d.amountCents ?? 0)))}${because}`;
    case 'user.role':
      return text('from') && text('to') ? ` from ${text('from')} to ${text('to')}` : '';
    case 'user.cancel_booked_sessions':
      return ` (${Array.isArray(d.sessionIds) ? d.sessionIds.length : 0} sessions, ${money('refundedCents')} refunded)${because}`;
    case 'inbox.handled':
    case 'inbox.unhandled':
    case 'inbox.replied':
      return targetType ? ` (${inboxItemNames[targetType as InboxKind] ?? targetType})` : '';
    default:
      return because;
  }
}
