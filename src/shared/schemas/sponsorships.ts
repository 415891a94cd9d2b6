/** Sponsored workshops' contracts (docs/product.md "Sponsored workshops"): money in integer cents, instants ISO UTC. */
import { z } from 'zod';
import { sponsorshipMessages as m } from '../sponsorships.js';

/** POST …/sponsorships: reserve `seats` of workshop `workshopId` for the members of programme `programmeId`. */
export const sponsorshipInput = z.strictObject({
  programmeId: z.uuid(m.programmeNotActive),
  workshopId: z.uuid(m.workshopNotFound),
  seats: z.number({ error: m.seats }).int(m.seats).min(1, m.seats).max(50, m.seats),
});
export type SponsorshipInput = z.infer<typeof sponsorshipInput>;

export const sponsorshipView = z.object({
  workshopId: z.string(),
  workshopTitle: z.string(),
  startsAt: z.string(),
  priceCents: z.number().int(),
  programmeId: z.string(),
  programmeName: z.string(),
  seats: z.number().int(),
  seatsTaken: z.number().int(),
  /** When the seats nobody took returned to public sale (ISO UTC), or null while they are reserved. */
  releasedAt: z.string().nullable(),
});
export type SponsorshipView = z.infer<typeof sponsorshipView>;
export const sponsorshipList = z.object({ items: z.array(sponsorshipView) });
