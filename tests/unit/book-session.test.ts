import { describe, expect, it } from 'vitest';
import { introMinutes } from '../../src/shared/pricing';
import { bookingInput } from '../../src/shared/schemas/sessions';
import { bookingBody, type BookingSlot } from '../../src/web/lib/book-session';

const slot: BookingSlot = {
  expertId: 'sarah-chen',
  startsAt: '2030-01-07T15:00:00.000Z',
  durationMinutes: 60,
  topic: '  Portfolio review  ',
  timeZone: 'Europe/London',
};

describe('the booking request (docs/product.md "Booking", "Free introductory meeting")', () => {
  it('books the free intro for its fixed length, whatever duration was chosen, and the server accepts it', () => {
    const body = bookingBody(slot, { kind: 'intro' });
    expect(body).toEqual({
      expertId: 'sarah-chen',
      startsAt: slot.startsAt,
      durationMinutes: introMinutes,
      topic: 'Portfolio review',
      kind: 'intro',
      timeZone: 'Europe/London',
    });
    expect(bookingInput.safeParse(body).success).toBe(true);
  });

  it('books a paid session with the chosen duration and the card or the Stripe payment method', () => {
    const card = { cardholderName: 'Ana Client', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
    const withCard = bookingBody(slot, { card });
    expect(withCard).toMatchObject({ durationMinutes: 60, kind: 'paid', card, topic: 'Portfolio review' });
    expect(bookingInput.safeParse(withCard).success).toBe(true);
    const withStripe = bookingBody(slot, { paymentMethodId: 'pm_123' });
    expect(withStripe).toMatchObject({ durationMinutes: 60, kind: 'paid', paymentMethodId: 'pm_123' });
    expect(bookingInput.safeParse(withStripe).success).toBe(true);
  });

  it('the server refuses an intro of any other length', () => {
    const result = bookingInput.safeParse({ ...bookingBody(slot, { kind: 'intro' }), durationMinutes: 30 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('The free introductory meeting lasts 15 minutes');
  });
});
