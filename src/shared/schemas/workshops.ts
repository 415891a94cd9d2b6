/**
 * Workshop contracts (docs/product.md "Workshops"): the expert's create/edit body, the public list and page, and a
 * seat booking. Instants are UTC ISO-8601; a start the expert types is a wall-clock time in their own zone
 * (`YYYY-MM-DDTHH:mm`); money integer cents; durations minutes.
 */
import { z } from 'zod';
import { expertiseCatalogue } from '../constants.js';
import { cancellationPolicies } from '../sessions.js';
import { messages } from '../messages.js';
import { singleLine } from '../single-line.js';
import { isIsoDate } from '../slots.js';
import { isValidTimeZone } from '../slots.js';
import {
  workshopCapacity,
  workshopDescriptionMax,
  workshopMessages as m,
  workshopMinutes,
  workshopPriceCents,
  workshopStatuses,
  workshopTitleMax,
} from '../workshops.js';
import { cardInput } from './sessions.js';
import { programmeMessages } from '../programmes.js';

const whole = (min: number, max: number, message: string) => z.number({ error: message }).int(message).min(min, message).max(max, message);

/** A wall-clock start in the expert's zone, `YYYY-MM-DDTHH:mm` (the date a real calendar date, 00:00–23:59). */
const localStart = z
  .string({ error: m.startsAt })
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, m.startsAt)
  .refine((v) => isIsoDate(v.slice(0, 10)), m.startsAt);

/** The fields of a workshop the expert chooses (docs/product.md "Workshops"). */
const workshopFields = {
  title: singleLine(
    z.string({ error: m.title }).trim().min(1, m.title).max(workshopTitleMax, `Please keep the title under ${workshopTitleMax} characters`),
    messages.common.singleLine('A workshop title'),
  ),
  description: z
    .string({ error: m.description })
    .trim()
    .min(1, m.description)
    .max(workshopDescriptionMax, `Please keep the description under ${workshopDescriptionMax} characters`),
  topic: z.enum(expertiseCatalogue, { error: m.topic }),
  /** Wall-clock start in the expert's zone (their profile's), e.g. `2026-12-03T18:00`. */
  startsAtLocal: localStart,
  durationMinutes: whole(workshopMinutes.min, workshopMinutes.max, m.duration),
  capacity: whole(workshopCapacity.min, workshopCapacity.max, m.capacity),
  priceCents: whole(workshopPriceCents.min, workshopPriceCents.max, m.price),
  /** Seats that must be sold 24 hours before the start, or the workshop is cancelled; null = none. */
  minAttendance: z.number({ error: m.minAttendance }).int(m.minAttendance).min(1, m.minAttendance).max(workshopCapacity.max, m.minAttendance).nullable(),
};

const minWithinCapacity = (w: { capacity?: number; minAttendance?: number | null }) =>
  w.minAttendance === undefined || w.minAttendance === null || w.capacity === undefined || w.minAttendance <= w.capacity;

/** Body of POST /api/me/workshops: every field; `publish: true` publishes at once, else a draft. */
export const workshopInput = z
  .strictObject({ ...workshopFields, minAttendance: workshopFields.minAttendance.default(null), publish: z.boolean().default(false) })
  .refine(minWithinCapacity, { message: m.minAttendance, path: ['minAttendance'] });
export type WorkshopInput = z.input<typeof workshopInput>;

/** Body of PATCH /api/me/workshops/{id}: any of the fields (rules for sold seats in src/shared/workshops.ts `editRefusal`). */
export const workshopPatch = z
  .strictObject(z.object(workshopFields).partial().shape)
  .refine(minWithinCapacity, { message: m.minAttendance, path: ['minAttendance'] });
export type WorkshopPatch = z.input<typeof workshopPatch>;

/** A rating from public reviews: the average score (1–5, 2 decimals) and how many reviews; null without any. */
const workshopRating = z.object({ average: z.number(), count: z.number().int() }).nullable();

/**
 * A workshop as everyone sees it; `status` draft only ever reaches its expert. `rating` is this workshop's own
 * (from its paid seats' public reviews, so only once it took place), `expertWorkshopRating` that of all its
 * expert's workshops (docs/product.md "Workshops").
 */
export const workshopView = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  topic: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.number().int(),
  capacity: z.number().int(),
  seatsLeft: z.number().int(),
  priceCents: z.number().int(),
  currency: z.string(),
  minAttendance: z.number().int().nullable(),
  status: z.enum(workshopStatuses),
  expert: z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    role: z.string(),
    timezone: z.string(),
    cancellationPolicy: z.enum(cancellationPolicies),
  }),
  rating: workshopRating,
  expertWorkshopRating: workshopRating,
  /** The organisation offering the workshop with its expert, and how many of its reserved seats are left (docs/product.md "Sponsored workshops"). */
  sponsor: z
    .object({
      organisationName: z.string(),
      seatsLeft: z.number().int(),
      /** The organisation's logo (`/api/files/{id}`, public while shown), or null. */
      logoUrl: z.string().nullable(),
    })
    .nullable(),
});
export type WorkshopView = z.infer<typeof workshopView>;

/**
 * The expert's own workshop: the public view, the seats sold and offered to the waitlist, how many clients wait, and
 * its seats' money from the payment ledger (docs/product.md "Earnings"), integer cents in the workshop's currency:
 * `earnedCents` released to the expert (net of the commission frozen on each seat, refunds never included),
 * `heldCents` still held for seats that have not taken place (what the expert will get of it, net), `refundedCents`
 * given back to attendees.
 */
export const myWorkshopView = workshopView.extend({
  seatsSold: z.number().int(),
  seatsOffered: z.number().int(),
  waiting: z.number().int(),
  earnedCents: z.number().int(),
  heldCents: z.number().int(),
  refundedCents: z.number().int(),
});
export type MyWorkshopView = z.infer<typeof myWorkshopView>;

/**
 * The signed-in viewer's place on a workshop's waitlist (docs/product.md "Workshops"): `none` (not in line),
 * `waiting` with `position` (1 = next), or `offered` with `offerExpiresAt` (ISO UTC) until which the seat is theirs
 * to claim; `waiting` is how many clients wait in all.
 */
export const waitlistView = z.object({
  status: z.enum(['none', 'waiting', 'offered']),
  position: z.number().int().nullable(),
  offerExpiresAt: z.string().nullable(),
  waiting: z.number().int(),
});
export type WaitlistView = z.infer<typeof waitlistView>;

/** GET /api/me/waitlist: the signed-in client's places on the waitlists of upcoming workshops, soonest first. */
export const myWaitlistView = z.object({ places: z.array(z.object({ workshop: workshopView, place: waitlistView })) });
export type MyWaitlistView = z.infer<typeof myWaitlistView>;

/** Query of GET /api/workshops: topic, start date range (YYYY-MM-DD in `tz`) and price range (cents) filters. */
export const workshopListQuery = z.object({
  topic: z.enum(expertiseCatalogue, { error: m.topic }).optional(),
  from: z.string().refine(isIsoDate, 'Please choose a valid date').optional(),
  to: z.string().refine(isIsoDate, 'Please choose a valid date').optional(),
  tz: z.string().max(64).refine(isValidTimeZone, 'Please choose a valid time zone').default('UTC'),
  maxPriceCents: z.coerce.number({ error: m.price }).int(m.price).min(workshopPriceCents.min, m.price).max(workshopPriceCents.max, m.price).optional(),
});

/** Body of POST /api/workshops/{id}/seats (header Idempotency-Key): a card (or Stripe PaymentMethod) unless the seat is free. */
export const seatInput = z.strictObject({
  card: cardInput.optional(),
  paymentMethodId: z
    .string()
    .regex(/^pm_[A-Za-z0-9_]{1,200}$/)
    .optional(),
  timeZone: z.string().max(64).refine(isValidTimeZone, 'Please choose a valid time zone').optional(),
  /** The access programme whose organisation's credit pays the seat (docs/product.md "Booking with credit"); the card pays the rest. */
  programmeId: z.uuid(programmeMessages.notMember).optional(),
});
export type SeatInput = z.input<typeof seatInput>;
