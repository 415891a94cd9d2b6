/**
 * Card-form checks for the simulated payment provider (docs/product.md "Payments"), on top of `card-validator`:
 * number (Luhn), expiry in the future, CVC, cardholder name. Returns the first problem in plain words.
 */
import cardValidator from 'card-validator';
import { messages } from './messages.js';

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

/**
 * Decline codes (Stripe's, which the simulated provider borrows: docs.stripe.com/declines/codes) a card holder can act
 * on, in their words. Codes that must not be told to the holder (lost_card, stolen_card, fraudulent, …; Stripe asks
 * that these read as a generic decline) and unknown ones are left out.
 */
const declineReasons = new Map<string, string>(
  Object.entries({
    insufficient_funds: 'insufficient funds',
    expired_card: 'the card has expired',
    incorrect_cvc: 'the security code is incorrect',
    incorrect_number: 'the card number is incorrect',
    card_velocity_exceeded: "the card's spending limit is reached",
    withdrawal_count_limit_exceeded: "the card's spending limit is reached",
    card_not_supported: 'the card does not support this kind of payment',
    currency_not_supported: 'the card does not support this currency',
  }),
);

/**
 * What a declined card says (docs/product.md "Payments"): the provider's reason when the holder can act on it ('Your
 * card was declined: insufficient funds. Please use another card.'), else 'Your card was declined. Payment failed.
 * Please try again.' `code` is the decline code (or error code) the provider gave, if any.
 */
export function declineMessage(code: string | null | undefined): string {
  const reason = code ? declineReasons.get(code) : undefined;
  return reason ? `Your card was declined: ${reason}. Please use another card.` : `Your card was declined. ${messages.payment.failed}`;
}
