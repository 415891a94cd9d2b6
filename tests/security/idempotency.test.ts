/**
 * An Idempotency-Key names one request (docs/security.md, "Idempotency-Key replayed with another body"; as with
 * Stripe). On every endpoint that takes one — POST /api/sessions and POST /api/admin/disputes/{id}/resolve — the
 * same key with the same body answers the first result and changes nothing; the same key with another body is
 * refused with 422 and changes nothing (the database's fingerprint is compared before and after).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.js';
import { disputes } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { book, createExpert, shift, slotIn, visa } from '../helpers/marketplace.js';
import { fingerprint } from './db-fingerprint.js';

describe('an Idempotency-Key replayed with another body is refused', () => {
  let ctx: TestContext;
  let client: Awaited<ReturnType<typeof createUser>>;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let other: Awaited<ReturnType<typeof createExpert>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let hours = 30;

  beforeAll(async () => {
    ctx = await createTestApp();
    client = await createUser(ctx, { email: 'casey@example.com', firstName: 'Casey', lastName: 'Client' });
    expert = await createExpert(ctx, { email: 'erin@example.com', rateCents: 9000 });
    other = await createExpert(ctx, { email: 'olga@example.com', rateCents: 12_000 });
    admin = await createUser(ctx, { email: 'admin@example.com', role: 'admin', firstName: 'Alex', lastName: 'Admin' });
  });
  afterAll(async () => ctx?.close());

  const refused = (res: { statusCode: number; body: string; json: () => { error: { code: string; message: string } } }) => {
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toEqual({ code: 'UNPROCESSABLE', message: messages.common.idempotencyKeyReused });
  };

  describe('POST /api/sessions', () => {
    const body = () => ({ expertId: expert.expert.id, startsAt: slotIn((hours += 3)), durationMinutes: 60, topic: 'Preparing for a staff engineer interview' });

    it.each([
      ['another time', (b: ReturnType<typeof body>) => ({ ...b, startsAt: slotIn((hours += 3)) })],
      ['another duration', (b: ReturnType<typeof body>) => ({ ...b, durationMinutes: 30 })],
      ['another expert', (b: ReturnType<typeof body>) => ({ ...b, expertId: other.expert.id })],
      ['another topic', (b: ReturnType<typeof body>) => ({ ...b, topic: 'Something else entirely' })],
      ['another card', (b: ReturnType<typeof body>) => ({ ...b, card: { ...visa, number: '5555 5555 5555 4444' } })],
    ])('the same body answers the first booking; %s with the same key answers 422; nothing changes', async (_, change) => {
      const key = randomUUID();
      const first = body();
      const res = await book(ctx, client.cookie, first, key);
      expect(res.statusCode, res.body).toBe(201);
      const before = await fingerprint(ctx.database);
      // The same request, with its keys in another order and the topic spaced differently.
      const reordered = {
        topic: `  ${first.topic} `,
        card: { cvc: visa.cvc, expiry: visa.expiry, number: visa.number, cardholderName: visa.cardholderName },
        durationMinutes: 60,
        startsAt: first.startsAt,
        expertId: first.expertId,
        kind: 'paid' as const,
      };
      const again = await book(ctx, client.cookie, reordered, key);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().session.id).toBe(res.json().session.id);
      refused(await book(ctx, client.cookie, change(first), key));
      expect(await fingerprint(ctx.database)).toEqual(before);
    });
  });

  describe('POST /api/admin/disputes/{id}/resolve', () => {
    /** A booked session of the client, started, then disputed; returns its dispute id. */
    async function openDispute(): Promise<string> {
      const res = await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn((hours += 3)) });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().session.id as string;
      await shift(ctx, id, -2 * hours);
      const disputed = await ctx.app.inject({
        method: 'POST',
        url: `/api/sessions/${id}/dispute`,
        headers: { origin, cookie: client.cookie, 'content-type': 'application/json' },
        payload: { description: 'The expert never joined.' },
      });
      expect(disputed.statusCode, disputed.body).toBe(200);
      return (await ctx.database.db.select().from(disputes).where(eq(disputes.sessionId, id)))[0]!.id;
    }
    const resolve = (disputeId: string, key: string, payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/disputes/${disputeId}/resolve`,
        headers: { origin, cookie: admin.cookie, 'content-type': 'application/json', 'idempotency-key': key },
        payload,
      });

    it('the same body answers the decided dispute; another decision, refund or note answers 422; nothing changes', async () => {
      const disputeId = await openDispute();
      const key = randomUUID();
      const first = await resolve(disputeId, key, { decision: 'client', refundCents: 4000, note: 'The call started 30 minutes late.' });
      expect(first.statusCode, first.body).toBe(200);
      const before = await fingerprint(ctx.database);

      const again = await resolve(disputeId, key, { note: 'The call started 30 minutes late. ', refundCents: 4000, decision: 'client' });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(first.json());

      refused(await resolve(disputeId, key, { decision: 'expert', note: 'The recording shows a full session.' }));
      refused(await resolve(disputeId, key, { decision: 'client', refundCents: 9000, note: 'The call started 30 minutes late.' }));
      refused(await resolve(disputeId, key, { decision: 'client', refundCents: 4000, note: 'Another note' }));
      expect(await fingerprint(ctx.database)).toEqual(before);
    });

    it("the key of one dispute's decision sent for another dispute answers 422 and decides nothing", async () => {
      const [decided, open] = [await openDispute(), await openDispute()];
      const key = randomUUID();
      expect((await resolve(decided, key, { decision: 'expert', note: 'The recording shows a full session.' })).statusCode).toBe(200);
      const before = await fingerprint(ctx.database);
      refused(await resolve(open, key, { decision: 'expert', note: 'The recording shows a full session.' }));
      expect(await fingerprint(ctx.database)).toEqual(before);
      expect((await ctx.database.db.select().from(disputes).where(eq(disputes.id, open)))[0]!.status).toBe('open');
    });
  });
});
