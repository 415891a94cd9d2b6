import { describe, expect, it } from 'vitest';
import { cardBrand, cardError, declineMessage } from '../../src/shared/cards.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { canCancel, canConfirm, canDispute, isPendingConfirmation, isUpcoming, refundCents, sessionState } from '../../src/shared/sessions.js';

const h = 3_600_000;
const now = new Date('2026-11-22T12:00:00Z');
const at = (hoursFromNow: number) => new Date(now.getTime() + hoursFromNow * h);

describe('one name for each session state (docs/product.md "Sessions")', () => {
  const booked = (startH: number, durationMinutes = 60) => ({ status: 'booked', startsAt: at(startH).toISOString(), durationMinutes });
  it('maps each status to its name', () => {
    expect(
      ['confirmed', 'completed', 'cancelled', 'disputed', 'pending_payment', 'expired', 'weird'].map(
        (status) => sessionState({ status, startsAt: at(1), durationMinutes: 60 }, now).label,
      ),
    ).toEqual(['Concluded', 'Concluded', 'Cancelled', 'Disputed', 'Awaiting payment', 'Payment not completed', 'Unknown']);
  });
  it('calls a booked session Upcoming until it is pending confirmation, then Awaiting confirmation', () => {
    expect(sessionState(booked(2), now).label).toBe('Upcoming');
    expect(sessionState(booked(-1.4), now).label).toBe('Upcoming');
    expect(sessionState(booked(-1.6), now)).toEqual({ label: 'Awaiting confirmation', tone: 'amber' });
  });
  it('no page, e-mail or console view names a state another way', () => {
    const other = /['"`>](Scheduled|Confirmation Needed|Pending Confirmation|Awaiting client confirmation)['"`<]/;
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
      );
    const offenders = ['src/web', 'src/server'].flatMap(files).filter((f) => other.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});

describe('time rules (docs/product.md "Sessions")', () => {
  const session = (status: string, startH: number, endH: number) => ({ status, startsAt: at(startH), endsAt: at(endH) });
  it('upcoming = booked and in the future', () => {
    expect(isUpcoming(session('booked', 1, 2), now)).toBe(true);
    expect(isUpcoming(session('booked', -1, 0), now)).toBe(false);
    expect(isUpcoming(session('cancelled', 1, 2), now)).toBe(false);
  });
  it('pending confirmation = booked, started, and more than 30 minutes past the end', () => {
    expect(isPendingConfirmation(session('booked', -2, -0.6), now)).toBe(true);
    expect(isPendingConfirmation(session('booked', -2, -0.5), now)).toBe(false);
    expect(isPendingConfirmation(session('confirmed', -2, -1), now)).toBe(false);
  });
  it('confirm after the end, cancel before the start, dispute once started', () => {
    expect(canConfirm(session('booked', -2, -1), now)).toBe(true);
    expect(canConfirm(session('booked', -1, 1), now)).toBe(false);
    expect(canCancel(session('booked', 1, 2), now)).toBe(true);
    expect(canCancel(session('booked', -1, 1), now)).toBe(false);
    expect(canDispute(session('booked', -1, 1), now)).toBe(true);
    expect(canDispute(session('confirmed', -3, -2), now)).toBe(false);
  });
});

describe('refund policy (docs/product.md "Cancellation policies")', () => {
  const refund = (policy: 'flexible' | 'moderate' | 'strict', hoursBefore: number, cancelledBy: 'client' | 'expert' = 'client') =>
    refundCents({ amountCents: 10_000, policy, cancelledBy, startsAt: at(hoursBefore), now });
  it('flexible: full until 24 h before, 50% after', () => {
    expect(refund('flexible', 24)).toBe(10_000);
    expect(refund('flexible', 23.9)).toBe(5_000);
  });
  it('moderate: full until 72 h before, 50% after', () => {
    expect(refund('moderate', 72)).toBe(10_000);
    expect(refund('moderate', 71)).toBe(5_000);
  });
  it('strict: full until 7 days before, nothing after', () => {
    expect(refund('strict', 168)).toBe(10_000);
    expect(refund('strict', 167)).toBe(0);
  });
  it("an expert's cancellation always refunds in full", () => {
    expect(refund('strict', 1, 'expert')).toBe(10_000);
  });
  it('rounds half cents', () => {
    expect(refundCents({ amountCents: 2_125, policy: 'flexible', cancelledBy: 'client', startsAt: at(1), now })).toBe(1_063);
  });
});

describe('card checks', () => {
  const card = { cardholderName: 'Ada Lovelace', number: '4242 4242 4242 4242', expiry: '12/35', cvc: '123' };
  it('accepts a valid card and names its brand', () => {
    expect(cardError(card)).toBeNull();
    expect(cardBrand(card.number)).toBe('Visa');
  });
  it('refuses a missing name, a bad Luhn number, a past expiry and a short CVC', () => {
    expect(cardError({ ...card, cardholderName: ' ' })).toBe('Please enter the cardholder name');
    expect(cardError({ ...card, number: '4242 4242 4242 4241' })).toBe('Please enter a valid card number');
    expect(cardError({ ...card, expiry: '01/20' })).toBe('Please enter an expiry date in the future (MM/YY)');
    expect(cardError({ ...card, cvc: '1' })).toBe('Please enter the security code (CVC)');
  });
});

describe('a declined card says why (docs/product.md "Payments")', () => {
  it("in the provider's terms when the holder can act on it, generic otherwise", () => {
    expect(declineMessage('insufficient_funds')).toBe('Your card was declined: insufficient funds. Please use another card.');
    expect(declineMessage('expired_card')).toBe('Your card was declined: the card has expired. Please use another card.');
    for (const code of ['generic_decline', 'lost_card', 'stolen_card', 'fraudulent', undefined, null, 'constructor'])
      expect(declineMessage(code)).toBe('Your card was declined. Payment failed. Please try again.');
  });
});
