/**
 * The one-click unsubscribe address of the e-mails about unread messages (docs/product.md "Messages"; RFC 8058,
 * RFC 2369): the account's id signed with AUTH_SECRET, so the link switches those e-mails off without a sign-in and
 * only for the account it was made for (docs/security.md "Unsubscribe links").
 */
import { signedValue, signValue } from '../../infra/signed-value.js';

const purpose = 'unsubscribe:message-emails';

/** `<baseUrl>/api/unsubscribe/<token>`: the address that switches off account `userId`'s e-mails about unread messages. */
export function unsubscribeUrl(baseUrl: string, secret: string, userId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/api/unsubscribe/${signValue(secret, purpose, userId)}`;
}

/** The account id a token of unsubscribeUrl names; null for a forged, altered or malformed token. */
export function unsubscribingAccount(secret: string, token: string): string | null {
  return signedValue(secret, purpose, token);
}
