/** Partner fixtures through the real API (docs/product.md "Partners"). */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { emailOutbox } from '../../src/server/db/schema.js';
import type { TestContext } from './app.js';
import { origin } from './auth.js';

let calls = 0;

/**
 * The team (`adminCookie`) creates university `name` (billed to billing@<name>.example, members at `domains`) and
 * invites `manager`, who accepts the e-mailed invitation; then the team records a bank transfer of `cents`. Answers
 * the organisation's id.
 */
export async function fundedOrganisation(
  ctx: TestContext,
  o: { adminCookie: string; name: string; manager: { email: string; cookie: string }; cents: number; domains?: string[] },
): Promise<string> {
  // Each call from an address of its own, clear of the per-address rate limits.
  const post = (url: string, cookie: string, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress: `127.5.${Math.floor(++calls / 250) % 250}.${(calls % 250) + 1}`,
      headers: { origin, 'content-type': 'application/json', cookie },
      payload,
    });
  const made = await post('/api/admin/organisations', o.adminCookie, {
    name: o.name,
    kind: 'university',
    billingEmail: `billing@${o.name.toLowerCase()}.example`,
    emailDomains: o.domains ?? [],
  });
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json().id as string;
  expect((await post(`/api/admin/organisations/${id}/invitations`, o.adminCookie, { email: o.manager.email })).statusCode).toBe(201);
  const [mail] = await ctx.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, o.manager.email))
    .orderBy(sql`${emailOutbox.createdAt} desc`);
  const token = /\/partner\/invitations\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
  expect((await post('/api/partner/invitations/accept', o.manager.cookie, { token })).statusCode).toBe(200);
  const paid = await post(`/api/admin/organisations/${id}/invoice-payments`, o.adminCookie, { amountCents: o.cents, reference: `INV-${randomUUID()}` });
  expect(paid.statusCode, paid.body).toBe(201);
  return id;
}
