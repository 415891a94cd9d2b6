/**
 * Card-form checks for the simulated payment provider (docs/product.md "Payments"), on top of `card-validator`:
 * number (Luhn), expiry in the future, CVC, cardholder name. Returns the first problem in plain words.
 */
import cardValidator from 'card-validator';

export type CardInput = { cardholderName: string; number: string; expiry: string; cvc: string };

export const cardMessages = {
  cardholderName: 'Please enter the cardholder name',
  number: 'Please enter a valid card number',
  expiry: 'Please enter an expiry date in the future (MM/YY)',
  cvc: 'Please enter the security code (CVC)',
} as const;

/** The first problem with the card fields, or null when they are valid. */
export function cardError(card: CardInput): string | null {
  if (!card.cardholderName.trim()) return cardMessages.cardholderName;
  if (!cardValidator.number(card.number.replace(/\s+/g, '')).isValid) return cardMessages.number;
  if (!cardValidator.expirationDate(card.expiry.replace(/\s+/g, '')).isValid) return cardMessages.expiry;
  const brand = cardValidator.number(card.number.replace(/\s+/g, '')).card;
  if (!cardValidator.cvv(card.cvc.trim(), brand?.code.size ?? 3).isValid) return cardMessages.cvc;
  return null;
}

/** The brand's display name ('Visa', 'Mastercard', …) or 'Card'. */
export function cardBrand(number: string): string {
  return cardValidator.number(number.replace(/\s+/g, '')).card?.niceType ?? 'Card';
}
