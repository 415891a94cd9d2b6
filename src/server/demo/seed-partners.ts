/**
 * A demo partner (docs/product.md "Partners"): Northfield University, managed by partner@example.com, with credit paid
 * by bank transfer and a pilot grant, so /partner shows a balance and a ledger at once, and its 'Careers sprint'
 * access programme: the demo client and a student are members, with a session funded in full ahead and one already
 * confirmed. Credit moves through the wallet's one writer, so the ledger and the balance agree as for any other
 * organisation.
 */
import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import {
  accessProgrammes,
  creditGrants,
  creditPurchases,
  experts,
  organisationManagers,
  organisations,
  paymentEvents,
  payments,
  programmeBookings,
  programmeMembers,
  sessions,
  user,
  workshops,
} from '../db/schema.js';
import { drawFromGrants, moveCredit } from '../modules/partners/wallet-service.js';
import type { CreateLogins } from './demo-logins.js';
import { sessionRows } from './seed-reviews.js';

const dayMs = 86_400_000;

export async function seedPartners(tx: Tx, createLogins: CreateLogins, now = new Date()): Promise<void> {
  const [managerId] = await createLogins([{ email: 'partner@example.com', firstName: 'Robin', lastName: 'Hale', role: 'client' }]);
  const [org] = await tx
    .insert(organisations)
    .values({ name: 'Northfield University', kind: 'university', billingEmail: 'partner@example.com', emailDomains: ['northfield.example'] })
    .returning({ id: organisations.id });
  const organisationId = org!.id;
  await tx.insert(organisationManagers).values({ organisationId, userId: managerId! });
  const [purchase] = await tx
    .insert(creditPurchases)
    .values({
      organisationId,
      amountCents: 200_000,
      method: 'invoice',
      invoiceReference: 'NFU-2026-001',
      idempotencyKey: 'invoice:nfu-2026-001',
      requestHash: 'demo',
      buyerId: managerId!,
      paidAt: now,
    })
    .returning({ id: creditPurchases.id });
  await moveCredit(tx, { organisationId, kind: 'purchase', amountCents: 200_000, purchaseId: purchase!.id, actorId: null });
  // A pilot grant ending at the start of a UTC day 60 days on.
  const expiresAt = new Date(Math.floor(now.getTime() / dayMs) * dayMs + 61 * dayMs);
  const [grant] = await tx
    .insert(creditGrants)
    .values({ organisationId, amountCents: 50_000, remainingCents: 50_000, expiresAt, note: 'Spring pilot' })
    .returning({ id: creditGrants.id });
  await moveCredit(tx, { organisationId, kind: 'grant', amountCents: 50_000, grantId: grant!.id, note: 'Spring pilot', actorId: null });
  await seedProgramme(tx, organisationId, managerId!, createLogins, now);
}

/** 'Careers sprint' (code NORTH-SPRING): two sessions a month up to $120 each, for the demo client and a student. */
async function seedProgramme(tx: Tx, organisationId: string, managerId: string, createLogins: CreateLogins, now: Date) {
  const today = now.toISOString().slice(0, 10);
  const [programme] = await tx
    .insert(accessProgrammes)
    .values({
      organisationId,
      name: 'Careers sprint',
      code: 'NORTH-SPRING',
      coversSessions: true,
      coversWorkshops: false,
      coversIntros: false,
      sessionLimit: 2,
      limitPeriod: 'month',
      maxPriceCents: 12_000,
      startsOn: today,
      endsOn: new Date(now.getTime() + 120 * dayMs).toISOString().slice(0, 10),
      joinRule: 'code',
      createdBy: managerId,
    })
    .returning({ id: accessProgrammes.id });
  const [studentId] = await createLogins([{ email: 'jordan.lee@northfield.example', firstName: 'Jordan', lastName: 'Lee', role: 'client' }]);
  const [client] = await tx.select().from(user).where(eq(user.email, 'client@example.com'));
  if (!client) return;
  await tx.insert(programmeMembers).values([
    { programmeId: programme!.id, userId: client.id },
    { programmeId: programme!.id, userId: studentId! },
  ]);
  // An expert whose 30 minutes the programme covers in full and who hosts no workshop (no busy time to meet).
  const hosts = tx.select({ id: workshops.expertId }).from(workshops);
  const [expert] = await tx
    .select()
    .from(experts)
    .where(and(eq(experts.status, 'published'), notInArray(experts.id, hosts), notInArray(experts.slug, ['sarah-chen', 'marcus-johnson'])))
    .orderBy(asc(experts.hourlyRateCents), asc(experts.slug))
    .limit(1);
  if (!expert) return;
  const grid = (t: number) => new Date(Math.floor(t / 900_000) * 900_000);
  const funded = [
    { clientId: client.id, clientName: `${client.firstName} ${client.lastName}`, startsAt: grid(now.getTime() + 6 * dayMs), status: 'booked' as const },
    { clientId: studentId!, clientName: 'Jordan Lee', startsAt: grid(now.getTime() - 5 * dayMs), status: 'confirmed' as const },
  ].map((f) => sessionRows({ ...f, expert, minutes: 30, topic: 'Preparing for graduate interviews' }));
  await tx.insert(sessions).values(funded.map((r) => r.session));
  await tx.insert(payments).values(
    funded.map((r) => ({
      ...r.payment,
      provider: 'credit',
      providerRef: `credit:${r.session.id}`,
      cardBrand: null,
      cardLast4: null,
      creditCents: r.payment.amountCents,
    })),
  );
  await tx.insert(paymentEvents).values(funded.flatMap((r) => r.events));
  for (const r of funded) {
    const cents = r.payment.amountCents;
    const move = { organisationId, sessionId: r.session.id, actorId: r.session.clientId };
    await drawFromGrants(tx, organisationId, cents);
    await moveCredit(tx, { ...move, kind: 'reservation', amountCents: -cents, reservedChangeCents: cents, note: `Careers sprint: ${r.session.clientName}` });
    if (r.session.status !== 'booked') await moveCredit(tx, { ...move, kind: 'spend', amountCents: 0, reservedChangeCents: -cents });
    await tx
      .insert(programmeBookings)
      .values({ sessionId: r.session.id, programmeId: programme!.id, userId: r.session.clientId, organisationId, creditCents: cents });
  }
}
