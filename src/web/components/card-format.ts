/**
 * As-you-type formatting of the card form: the number in the brand's groups (4-4-4-4 for Visa and
 * Mastercard, via card-validator), the expiry as MM/YY, the CVC as digits. Pure string functions.
 */
import cardValidator from 'card-validator';

/** '4242424242424242' → '4242 4242 4242 4242'; non-digits dropped; cut at the brand's longest length. */
export function formatCardNumber(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  const card = cardValidator.number(digits).card;
  const gaps = card?.gaps ?? [4, 8, 12];
  const max = card ? Math.max(...card.lengths) : 19;
  let out = '';
  for (const [i, d] of [...digits.slice(0, max)].entries()) out += (gaps.includes(i) ? ' ' : '') + d;
  return out;
}

/** '1', '12' → '12', '123' → '12/3', '1230' → '12/30'; a leading 2-9 becomes '0N'. */
export function formatExpiry(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Up to four digits. */
export function formatCvc(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 4);
}
