/**
 * Authorisation matrix (docs/security.md): every API route, read from Fastify's own route list (an `onRoute` hook),
 * is called as each actor against data owned by client A, expert A and the applicant, and must answer the
 * status in its row. A route without a row fails the test, so a new endpoint cannot ship unreviewed.
 *
 * Actors: anonymous, client A, client B, expert A, expert B, admin — plus "applicant", an expert-role account
 * without a profile that owns an open application and its CV (approving an application needs an applicant
 * who is not an expert yet, so expert A cannot own it).
 *
 * Checked for every call:
 *  - the status in the row (401 signed out / 403 wrong role or not a party / 404 not yours or unknown / 2xx);
 *  - a refused write (4xx on a non-GET) changed no row in any table (fingerprint of every table);
 *  - no answer to a non-party carries the other users' private ids or e-mail addresses (users, sessions,
 *    disputes, application, CV file), so nobody reads another user's session, payment, feedback, application or file.
 * Also: every route with an id answers 404, changing nothing, for ids that exist nowhere; and nobody makes
 * themselves admin, changes role or marks their e-mail verified (sign-up, Better Auth's update-user, PUT /api/me/profile).
 *
 * Not in the matrix, on purpose (see ./routes.ts): /api/auth/* (Better Auth's own endpoints, tests/security/
 * cross-site and passwords, tests/api/auth), /api/docs* (public OpenAPI page), /api/test/* (TEST_HOOKS only,
 * refused in production by config), and everything outside /api/ (/healthz, /readyz, /dev/mailbox — absent
 * in production —, /metrics and /backup/database — tests/api/metrics.test.ts and backup.test.ts — and the web
 * app's static files).
 * POST /api/payments/stripe/webhook exists only with Stripe configured; its row runs on a second app built
 * with Stripe keys (and TEST_HOOKS, so the route list checked is the largest there is).
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessProgrammes,
  contactMessages,
  creditPurchases,
  disputes,
  files,
  organisationInvitations,
  organisationManagers,
  organisations,
  partnerStatements,
  paymentRetries,
  planPeriods,
  programmeInvitations,
  programmeMembers,
  user,
} from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin, totpSecretOf } from '../helpers/auth.js';
import { injectFirstEvent } from '../helpers/event-stream.js';
import { book, createExpert, shift, slotIn, visa } from '../helpers/marketplace.js';
import { totp } from '../helpers/totp.js';
import { makePdf, multipartBody, tinyPng, upload } from '../helpers/uploads.js';
import { unsubscribeUrl } from '../../src/server/modules/messages/unsubscribe-link.js';
import { fingerprint } from './db-fingerprint.js';
import { collectRoutes, spellings } from './routes.js';

const actors = ['anon', 'clientB', 'expertB', 'applicant', 'admin', 'expertA', 'clientA'] as const;
type Actor = (typeof actors)[number];
type Expect = Record<Actor, number>;

/** `signedIn` for every account, `anon` for visitors, with per-actor exceptions. */
const who = (signedIn: number, over: Partial<Expect> = {}, anon = 401): Expect => ({
  anon,
  clientA: signedIn,
  clientB: signedIn,
  expertA: signedIn,
  expertB: signedIn,
  applicant: signedIn,
  admin: signedIn,
  ...over,
});
const everyone = (status: number) => who(status, {}, status);
/** Team console: 401 visitors, 403 every other account, `ok` for the admin. */
const adminOnly = (ok: number) => who(403, { admin: ok });

const excellent = {
  expertiseRating: 'Excellent',
  communicationRating: 'Very Clear',
  punctualityRating: 'On Time',
  valueRating: 'Excellent Value',
  recommendationRating: 'Definitely',
};
const allDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 0, endMinute: 1440 }));
const names: Record<Exclude<Actor, 'anon'>, [string, string]> = {
  clientA: ['Casey', 'Client'],
  clientB: ['Blake', 'Other'],
  expertA: ['Erin', 'Expert'],
  expertB: ['Ezra', 'Rival'],
  applicant: ['Avery', 'Applicant'],
  admin: ['Alex', 'Admin'],
};

type Fixtures = {
  expertA: { id: string; slug: string };
  sessions: { future1: string; future2: string; payment: string; pastConfirm: string; pastDispute: string; confirmed: string };
  /** Ended an hour or three ago: expert A reports a no-show on `byExpert`, client A on `byClient`, each contested by the other. */
  noShows: { byExpert: string; byClient: string };
  /** Expert A's open proposals of a new time for client A's sessions: one the client accepts, one they decline. */
  proposals: Record<'accept' | 'decline', { sessionId: string; id: string }>;
  disputeId: string;
  applicationId: string;
  rejectApplicationId: string;
  cvId: string;
  contactId: string;
  /** Client A's conversation with expert A, and its first message (client A wrote it). */
  conversation: { id: string; messageId: string };
  /** Client A's conversation with expert B (blocked and reported by its two participants in the rows). */
  safety: string;
  /**
   * Two open reports of a third client's conversation with expert B: one the team dismisses, one after which it
   * suspends that client's messaging (`suspendedId`), then lifts the suspension.
   */
  reports: { dismiss: string; suspend: string; suspendedId: string };
  /** An account the team suspends, cancels the sessions of, reinstates and gives another role. */
  personId: string;
  /** Client A's booked session with expert A that the team refunds in part, and a published expert the team hides. */
  refundSessionId: string;
  hiddenExpertId: string;
  /** Two give-backs the payment processor owes (payment_retries): one the team asks for again, one it marks given back. */
  paymentRetries: { retry: string; resolve: string };
  /** The admin's authenticator secret, for the current code a role change needs. */
  adminTotpSecret: string;
  /** The token of client A's unsubscribe link (e-mails about unread messages). */
  unsubscribeToken: string;
  /** Expert A's workshops: one published, one draft, and one full (two seats, both booked by other clients) whose waitlist clients join. */
  workshops: { published: string; draft: string; full: string; sponsorable: string };
  /** An organisation client A manages with a second manager (whom client A removes) and a third (whom the team removes), and an invitation sent to client B. */
  /** …a card purchase of it awaiting the bank's 3-D Secure confirmation, one paid by bank transfer (its receipt), and its statement for October 2026. */
  partner: { organisationId: string; secondManagerId: string; thirdManagerId: string; invitationToken: string; purchaseId: string; paidPurchaseId: string };
  /** Logo uploads (files purpose 'logo') of the organisation's manager clientA and of the admin. */
  logos: { manager: string; admin: string };
  /** Expert A's package, client A's purchase of it to book from, and another purchase for the team to refund. */
  packages: { offerId: string; purchaseId: string; refundPurchaseId: string; clientAId: string };
  /** Expert A's plan client A subscribed to, another of expert A's plans the expert ends, and client B's plan with expert B for the team to end. */
  /** Expert A's plans (client A subscribed to one), expert B's plan client B subscribed to, and client A's plan with a third expert with another of theirs to change to. */
  plans: {
    planId: string;
    endPlanId: string;
    subscriptionId: string;
    /** The paid first month of client A's plan with expert A. */
    periodId: string;
    refundSubscriptionId: string;
    changeSubscriptionId: string;
    changeToPlanId: string;
  };
  /** The organisation's access programmes: one for an invited list (client B invited, the second manager a member), one open to any code. */
  programmes: { invitedId: string; openCode: string; invitationToken: string; memberId: string };
};

type Row = {
  method: string;
  /** The route exactly as Fastify lists it. */
  route: string;
  url: (f: Fixtures, actor: Actor) => string;
  body?: (f: Fixtures, actor: Actor) => unknown;
  multipart?: boolean;
  headers?: Record<string, string>;
  app?: 'stripe';
  /** A Server-Sent Events stream: its answer is read up to its first event, then dropped. */
  stream?: true;
  expect: Expect;
};

const day = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString().slice(0, 10);
/** A wall-clock start in Vancouver (the fixtures' experts' zone) `days` from now at 10:00, as an expert types it. */
const workshopStart = (days: number) => `${new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Vancouver' })}T10:00`;
const workshop = (days: number, publish: boolean) => ({
  title: 'Salary negotiation lab',
  description: 'Practice rounds with feedback.',
  topic: 'Job Interview Mastery',
  startsAtLocal: workshopStart(days),
  durationMinutes: 60,
  capacity: 5,
  priceCents: 1200,
  minAttendance: null,
  publish,
});

/** The answer of `row` to one request (an event stream read up to its first event). */
const answer = (target: TestContext, row: Row, request: InjectOptions) => (row.stream ? injectFirstEvent(target.app, request) : target.app.inject(request));

/** Reads first, then the writes of parties, then the team's decisions (they change who is an expert). */
const rows: Row[] = [
  { method: 'GET', route: '/api/config', url: () => '/api/config', expect: everyone(200) },
  { method: 'GET', route: '/api/me', url: () => '/api/me', expect: everyone(200) },
  { method: 'GET', route: '/api/experts', url: () => '/api/experts', expect: everyone(200) },
  { method: 'GET', route: '/api/expert-languages', url: () => '/api/expert-languages', expect: everyone(200) },
  { method: 'GET', route: '/api/experts/videos', url: () => '/api/experts/videos', expect: everyone(200) },
  { method: 'GET', route: '/api/experts/:idOrSlug', url: (f) => `/api/experts/${f.expertA.slug}`, expect: everyone(200) },
  {
    method: 'GET',
    route: '/api/experts/:idOrSlug/slots',
    url: (f) => `/api/experts/${f.expertA.id}/slots?date=${day(72)}&duration=60&tz=UTC`,
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/experts/:idOrSlug/availability-days',
    url: (f) => `/api/experts/${f.expertA.id}/availability-days?from=${day(24)}&to=${day(24 * 20)}&duration=60&tz=UTC`,
    expect: everyone(200),
  },
  { method: 'GET', route: '/api/experts/:idOrSlug/reviews', url: (f) => `/api/experts/${f.expertA.slug}/reviews`, expect: everyone(200) },
  { method: 'GET', route: '/api/experts/:idOrSlug/feedback-eligibility', url: (f) => `/api/experts/${f.expertA.slug}/feedback-eligibility`, expect: who(200) },
  { method: 'GET', route: '/api/me/availability', url: () => '/api/me/availability', expect: who(403, { expertA: 200, expertB: 200 }) },
  { method: 'GET', route: '/api/me/expert-profile', url: () => '/api/me/expert-profile', expect: who(403, { expertA: 200, expertB: 200 }) },
  { method: 'GET', route: '/api/me/profile-publishing', url: () => '/api/me/profile-publishing', expect: who(403, { expertA: 200, expertB: 200 }) },
  // Only an expert reads their payout account (simulated provider on this app: nothing connected).
  { method: 'GET', route: '/api/me/payouts', url: () => '/api/me/payouts', expect: who(403, { expertA: 200, expertB: 200 }) },
  // Only an expert reads their earnings ledger, and only their own (it names no other expert's clients).
  { method: 'GET', route: '/api/me/earnings', url: () => '/api/me/earnings', expect: who(403, { expertA: 200, expertB: 200 }) },
  { method: 'GET', route: '/api/me/earnings/ledger', url: () => '/api/me/earnings/ledger', expect: who(403, { expertA: 200, expertB: 200 }) },
  { method: 'GET', route: '/api/sessions', url: () => '/api/sessions?when=past&page=1', expect: who(200) },
  { method: 'GET', route: '/api/sessions/summary', url: () => '/api/sessions/summary', expect: who(200) },
  { method: 'GET', route: '/api/sessions/:id', url: (f) => `/api/sessions/${f.sessions.future1}`, expect: who(403, { clientA: 200, expertA: 200 }) },
  // A session's calendar file is its two parties' (docs/product.md "Sessions").
  {
    method: 'GET',
    route: '/api/sessions/:id/calendar.ics',
    url: (f) => `/api/sessions/${f.sessions.future1}/calendar.ics`,
    expect: who(403, { clientA: 200, expertA: 200 }),
  },
  // The PDF receipt is the paying client's alone: its expert is refused too.
  { method: 'GET', route: '/api/sessions/:id/receipt.pdf', url: (f) => `/api/sessions/${f.sessions.future1}/receipt.pdf`, expect: who(403, { clientA: 200 }) },
  { method: 'GET', route: '/api/applications/mine', url: () => '/api/applications/mine', expect: who(200) },
  { method: 'GET', route: '/api/files/:id', url: (f) => `/api/files/${f.cvId}`, expect: who(403, { applicant: 200, admin: 200 }) },
  { method: 'GET', route: '/api/admin/summary', url: () => '/api/admin/summary', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/applications', url: () => '/api/admin/applications', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/applications/:id', url: (f) => `/api/admin/applications/${f.applicationId}`, expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/disputes', url: () => '/api/admin/disputes', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/disputes/:id', url: (f) => `/api/admin/disputes/${f.disputeId}`, expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/inbox', url: () => '/api/admin/inbox', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/audit', url: () => '/api/admin/audit', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/dashboard', url: () => '/api/admin/dashboard?days=7', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/users', url: () => '/api/admin/users?q=example', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/users/:id', url: (f) => `/api/admin/users/${f.personId}`, expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/users/:id/audit', url: (f) => `/api/admin/users/${f.personId}/audit`, expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/users/:id/sessions', url: (f) => `/api/admin/users/${f.personId}/sessions`, expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/sessions', url: () => '/api/admin/sessions?q=clienta', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/sessions/:id', url: (f) => `/api/admin/sessions/${f.sessions.future1}`, expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/payment-retries', url: () => '/api/admin/payment-retries?status=open', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/organisations', url: () => '/api/admin/organisations', expect: adminOnly(200) },
  { method: 'GET', route: '/api/experts/:id/packages', url: (f) => `/api/experts/${f.expertA.slug}/packages`, expect: everyone(200) },
  { method: 'GET', route: '/api/me/packages', url: () => '/api/me/packages', expect: who(403, { expertA: 200, expertB: 200 }) },
  { method: 'GET', route: '/api/me/package-purchases', url: () => '/api/me/package-purchases', expect: who(200) },
  { method: 'GET', route: '/api/me/package-sales', url: () => '/api/me/package-sales', expect: who(200) },
  {
    method: 'GET',
    route: '/api/package-purchases/:id/receipt.pdf',
    url: (f) => `/api/package-purchases/${f.packages.purchaseId}/receipt.pdf`,
    expect: who(404, { clientA: 200 }),
  },
  {
    method: 'GET',
    route: '/api/admin/users/:id/package-purchases',
    url: (f) => `/api/admin/users/${f.packages.clientAId}/package-purchases`,
    expect: adminOnly(200),
  },
  { method: 'GET', route: '/api/experts/:id/plans', url: (f) => `/api/experts/${f.expertA.slug}/plans`, expect: everyone(200) },
  { method: 'GET', route: '/api/me/plans', url: () => '/api/me/plans', expect: who(403, { expertA: 200, expertB: 200 }) },
  { method: 'GET', route: '/api/me/subscriptions', url: () => '/api/me/subscriptions', expect: who(200) },
  // A plan month's PDF receipt is the paying client's alone: to anyone else, its expert too, it does not exist.
  {
    method: 'GET',
    route: '/api/plan-periods/:id/receipt.pdf',
    url: (f) => `/api/plan-periods/${f.plans.periodId}/receipt.pdf`,
    expect: who(404, { clientA: 200 }),
  },
  { method: 'GET', route: '/api/me/plan-subscribers', url: () => '/api/me/plan-subscribers', expect: who(200) },
  {
    method: 'GET',
    route: '/api/admin/users/:id/subscriptions',
    url: (f) => `/api/admin/users/${f.packages.clientAId}/subscriptions`,
    expect: adminOnly(200),
  },
  { method: 'GET', route: '/api/admin/organisations/:id', url: (f) => `/api/admin/organisations/${f.partner.organisationId}`, expect: adminOnly(200) },
  {
    method: 'GET',
    route: '/api/admin/organisations/:id/ledger',
    url: (f) => `/api/admin/organisations/${f.partner.organisationId}/ledger`,
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/admin/organisations/:id/programmes',
    url: (f) => `/api/admin/organisations/${f.partner.organisationId}/programmes`,
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/admin/organisations/:id/sponsorships',
    url: (f) => `/api/admin/organisations/${f.partner.organisationId}/sponsorships`,
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/admin/organisations/:id/audit',
    url: (f) => `/api/admin/organisations/${f.partner.organisationId}/audit`,
    expect: adminOnly(200),
  },
  // Partners: only the organisation's managers (client A) see it; everyone else, the team included, is told it does not exist.
  { method: 'GET', route: '/api/partner/organisations', url: () => '/api/partner/organisations', expect: who(200) },
  {
    method: 'GET',
    route: '/api/partner/organisations/:id',
    url: (f) => `/api/partner/organisations/${f.partner.organisationId}`,
    expect: who(404, { clientA: 200 }),
  },
  // Access programmes: managers of the organisation only; members see their own programmes, never a wallet.
  {
    method: 'GET',
    route: '/api/partner/organisations/:id/programmes',
    url: (f) => `/api/partner/organisations/${f.partner.organisationId}/programmes`,
    expect: who(404, { clientA: 200 }),
  },
  {
    method: 'GET',
    route: '/api/partner/organisations/:id/programmes/:programmeId',
    url: (f) => `/api/partner/organisations/${f.partner.organisationId}/programmes/${f.programmes.invitedId}`,
    expect: who(404, { clientA: 200 }),
  },
  {
    method: 'GET',
    route: '/api/partner/organisations/:id/sponsorships',
    url: (f) => `/api/partner/organisations/${f.partner.organisationId}/sponsorships`,
    expect: who(404, { clientA: 200 }),
  },
  // Reports: the organisation's managers only; members never see the wallet.
  {
    method: 'GET',
    route: '/api/partner/organisations/:id/report',
    url: (f) => `/api/partner/organisations/${f.partner.organisationId}/report`,
    expect: who(404, { clientA: 200 }),
  },
  {
    method: 'GET',
    route: '/api/partner/organisations/:id/ledger',
    url: (f) => `/api/partner/organisations/${f.partner.organisationId}/ledger`,
    expect: who(404, { clientA: 200 }),
  },
  {
    method: 'GET',
    route: '/api/partner/organisations/:id/ledger.csv',
    url: (f) => `/api/partner/organisations/${f.partner.organisationId}/ledger.csv`,
    expect: who(404, { clientA: 200 }),
  },
  {
    method: 'GET',
    route: '/api/partner/organisations/:id/sessions.csv',
    url: (f) => `/api/partner/organisations/${f.partner.organisationId}/sessions.csv`,
    expect: who(404, { clientA: 200 }),
  },
  { method: 'GET', route: '/api/me/programmes', url: () => '/api/me/programmes', expect: who(200) },
  { method: 'GET', route: '/api/me/programmes/cover', url: (f) => `/api/me/programmes/cover?expertId=${f.expertA.id}&durationMinutes=60`, expect: who(200) },

  // Writes to one's own account only.
  {
    method: 'PUT',
    route: '/api/me/profile',
    url: () => '/api/me/profile',
    body: (_f, a) => ({
      firstName: names[a as Exclude<Actor, 'anon'>]?.[0] ?? 'Anon',
      lastName: names[a as Exclude<Actor, 'anon'>]?.[1] ?? 'Ymous',
      role: a.startsWith('client') || a === 'admin' ? 'client' : 'expert',
    }),
    expect: who(200),
  },
  { method: 'PUT', route: '/api/me/time-zone', url: () => '/api/me/time-zone', body: () => ({ timeZone: 'Europe/Lisbon' }), expect: who(200) },
  // Account basics (docs/product.md "Account"): each account's own details, photo, export and deletion.
  {
    method: 'PUT',
    route: '/api/me/details',
    url: () => '/api/me/details',
    body: (_f, a) => ({ firstName: names[a as Exclude<Actor, 'anon'>]?.[0] ?? 'Anon', lastName: names[a as Exclude<Actor, 'anon'>]?.[1] ?? 'Ymous' }),
    expect: who(200),
  },
  { method: 'PUT', route: '/api/me/photo', url: () => '/api/me/photo', body: () => ({ fileId: null }), expect: who(200) },
  { method: 'GET', route: '/api/me/export', url: () => '/api/me/export', expect: who(200) },
  { method: 'GET', route: '/api/me/deletion', url: () => '/api/me/deletion', expect: who(200) },
  // A wrong password: the accounts the other rows need stay (deletion itself: tests/api/account-basics.test.ts).
  { method: 'POST', route: '/api/me/delete', url: () => '/api/me/delete', body: () => ({ password: 'not-the-password' }), expect: who(400) },
  // Each account's own calendar feed address (docs/product.md "Calendar feed"): nothing of anyone else's is named.
  { method: 'GET', route: '/api/me/calendar-feed', url: () => '/api/me/calendar-feed', expect: who(200) },
  { method: 'POST', route: '/api/me/calendar-feed', url: () => '/api/me/calendar-feed', body: () => ({}), expect: who(201) },
  {
    method: 'PUT',
    route: '/api/me/availability',
    url: () => '/api/me/availability',
    body: () => ({ timezone: 'America/Vancouver', rules: allDay, exceptions: [] }),
    expect: who(403, { expertA: 200, expertB: 200 }),
  },
  // Both experts are live already: publishing again answers their publication and changes nothing.
  {
    method: 'PUT',
    route: '/api/me/profile-publishing',
    url: () => '/api/me/profile-publishing',
    body: () => ({ published: true }),
    expect: who(403, { expertA: 200, expertB: 200 }),
  },
  {
    method: 'PUT',
    route: '/api/me/expert-profile',
    url: () => '/api/me/expert-profile',
    body: () => ({
      headline: 'Staff Engineer',
      about: 'Helps people grow.',
      experience: '10 years.',
      courses: [],
      languages: ['English'],
      hobbies: [],
      expertise: ['Programming & Tech'],
      hourlyRate: 90,
      cancellationPolicy: 'flexible',
    }),
    expect: who(403, { expertA: 200, expertB: 200 }),
  },
  // Experts only; this app has no Stripe key, so an expert is told payouts need Stripe (409).
  { method: 'POST', route: '/api/me/payouts/onboarding', url: () => '/api/me/payouts/onboarding', expect: who(403, { expertA: 409, expertB: 409 }) },
  {
    method: 'POST',
    route: '/api/files',
    url: () => '/api/files?purpose=photo',
    multipart: true,
    // Every account may upload its photo (docs/product.md "Account"); CVs and videos stay with experts.
    expect: who(201),
  },
  {
    method: 'POST',
    route: '/api/expertise-suggestions',
    url: () => '/api/expertise-suggestions',
    body: (f) => ({ fileId: f.cvId, selected: [] }),
    expect: who(404, { applicant: 200 }),
  },
  {
    // Someone else's CV is never attached: 404 for experts, the applicant's own open application 409.
    method: 'POST',
    route: '/api/applications',
    url: () => '/api/applications',
    body: (f) => ({
      professionalTitle: 'Designer',
      yearsExperience: '6-10',
      selectedExpertise: ['Graphics & Design'],
      whyExpert: 'To help.',
      cvFileId: f.cvId,
    }),
    expect: who(403, { expertA: 404, expertB: 404, applicant: 409 }),
  },
  {
    method: 'POST',
    route: '/api/contact',
    url: () => '/api/contact',
    body: () => ({ name: 'Pat', email: 'pat@example.com', message: 'Hello' }),
    expect: everyone(201),
  },
  {
    method: 'POST',
    route: '/api/partner-enquiries',
    url: () => '/api/partner-enquiries',
    body: () => ({ name: 'Robin Hale', email: 'robin@uni.example', businessType: 'University', description: 'Mentoring for students' }),
    expect: everyone(201),
  },
  {
    method: 'POST',
    route: '/api/match-requests',
    url: () => '/api/match-requests',
    body: () => ({
      firstName: 'Pat',
      lastName: 'Doe',
      email: 'pat@example.com',
      countryCode: '+1',
      mobileNumber: '555 0100 200',
      requestText: 'A mentor for product management',
    }),
    expect: everyone(201),
  },
  {
    method: 'POST',
    route: '/api/experts/:idOrSlug/private-feedback',
    url: (f) => `/api/experts/${f.expertA.slug}/private-feedback`,
    body: () => ({ comments: 'A note for the team' }),
    expect: who(201),
  },

  // Messages (docs/security.md "Messages"): a conversation is read and written by its two participants only — not by
  // the team — and anyone else is told it does not exist. Only clients start one from a profile (both clients already
  // have theirs with expert A: the answer is the existing one).
  { method: 'GET', route: '/api/conversations', url: () => '/api/conversations', expect: who(200) },
  { method: 'GET', route: '/api/messages/unread', url: () => '/api/messages/unread', expect: who(200) },
  { method: 'GET', route: '/api/messages/stream', url: () => '/api/messages/stream', stream: true, expect: who(200) },
  { method: 'GET', route: '/api/me/message-emails', url: () => '/api/me/message-emails', expect: who(200) },
  { method: 'PUT', route: '/api/me/message-emails', url: () => '/api/me/message-emails', body: () => ({ enabled: true }), expect: who(200) },
  // The unsubscribe link of client A's e-mails: its signed token is the credential, whoever opens or posts it (mail programs).
  { method: 'GET', route: '/api/unsubscribe/:token', url: (f) => `/api/unsubscribe/${f.unsubscribeToken}`, expect: everyone(200) },
  {
    method: 'POST',
    route: '/api/unsubscribe/:token',
    url: (f) => `/api/unsubscribe/${f.unsubscribeToken}`,
    body: () => ({ 'List-Unsubscribe': 'One-Click' }),
    expect: everyone(200),
  },
  { method: 'GET', route: '/api/conversations/:id', url: (f) => `/api/conversations/${f.conversation.id}`, expect: who(404, { clientA: 200, expertA: 200 }) },
  {
    method: 'GET',
    route: '/api/conversations/:id/messages',
    url: (f) => `/api/conversations/${f.conversation.id}/messages?before=${f.conversation.messageId}`,
    expect: who(404, { clientA: 200, expertA: 200 }),
  },
  {
    method: 'POST',
    route: '/api/conversations',
    url: () => '/api/conversations',
    body: (f) => ({ expertId: f.expertA.id }),
    expect: who(403, { clientA: 200, clientB: 200 }),
  },
  {
    method: 'POST',
    route: '/api/conversations/:id/messages',
    url: (f) => `/api/conversations/${f.conversation.id}/messages`,
    body: () => ({ id: randomUUID(), body: 'A question about the next session' }),
    expect: who(404, { clientA: 201, expertA: 201 }),
  },
  {
    method: 'POST',
    route: '/api/conversations/:id/read',
    url: (f) => `/api/conversations/${f.conversation.id}/read`,
    body: (f) => ({ upTo: f.conversation.messageId }),
    expect: who(404, { clientA: 200, expertA: 200 }),
  },
  // Either participant blocks (and unblocks) the other and reports the conversation; nobody else.
  {
    method: 'POST',
    route: '/api/conversations/:id/block',
    url: (f) => `/api/conversations/${f.safety}/block`,
    body: () => ({}),
    expect: who(404, { clientA: 200, expertB: 200 }),
  },
  {
    method: 'DELETE',
    route: '/api/conversations/:id/block',
    url: (f) => `/api/conversations/${f.safety}/block`,
    body: () => ({}),
    expect: who(404, { clientA: 200, expertB: 200 }),
  },
  {
    method: 'POST',
    route: '/api/conversations/:id/report',
    url: (f) => `/api/conversations/${f.safety}/report`,
    body: () => ({ reason: 'Rude messages' }),
    expect: who(404, { clientA: 201, expertB: 201 }),
  },
  // The team reads reported conversations through the reports only (every view audited), and handles them.
  { method: 'GET', route: '/api/admin/message-reports', url: () => '/api/admin/message-reports', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/message-reports/:id', url: (f) => `/api/admin/message-reports/${f.reports.dismiss}`, expect: adminOnly(200) },
  {
    method: 'POST',
    route: '/api/admin/message-reports/:id/dismiss',
    url: (f) => `/api/admin/message-reports/${f.reports.dismiss}/dismiss`,
    body: () => ({}),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/message-reports/:id/suspend',
    url: (f) => `/api/admin/message-reports/${f.reports.suspend}/suspend`,
    body: () => ({}),
    expect: adminOnly(200),
  },
  {
    // After the row above: the team lifts the messaging suspension of the reported client.
    method: 'POST',
    route: '/api/admin/users/:id/messaging/lift',
    url: (f) => `/api/admin/users/${f.reports.suspendedId}/messaging/lift`,
    body: () => ({ reason: 'Appeal accepted' }),
    expect: adminOnly(200),
  },

  // Workshops: anyone reads the published ones; only experts run their own; only clients book seats.
  { method: 'GET', route: '/api/workshops', url: () => '/api/workshops', expect: everyone(200) },
  { method: 'GET', route: '/api/workshops/:id', url: (f) => `/api/workshops/${f.workshops.published}`, expect: everyone(200) },
  { method: 'GET', route: '/api/me/workshops', url: () => '/api/me/workshops', expect: who(403, { expertA: 200, expertB: 200 }) },
  { method: 'GET', route: '/api/me/workshops/:id', url: (f) => `/api/me/workshops/${f.workshops.draft}`, expect: who(403, { expertA: 200, expertB: 404 }) },
  {
    method: 'POST',
    route: '/api/me/workshops',
    url: () => '/api/me/workshops',
    body: (_f, a) => workshop(a === 'expertA' ? 40 : 41, false),
    expect: who(403, { expertA: 201, expertB: 201 }),
  },
  {
    method: 'PATCH',
    route: '/api/me/workshops/:id',
    url: (f) => `/api/me/workshops/${f.workshops.draft}`,
    body: () => ({ title: 'Salary negotiation lab, round two' }),
    expect: who(403, { expertA: 200, expertB: 404 }),
  },
  {
    method: 'POST',
    route: '/api/me/workshops/:id/publish',
    url: (f) => `/api/me/workshops/${f.workshops.draft}/publish`,
    body: () => ({}),
    expect: who(403, { expertA: 200, expertB: 404 }),
  },
  {
    method: 'POST',
    route: '/api/me/workshops/:id/cancel',
    url: (f) => `/api/me/workshops/${f.workshops.draft}/cancel`,
    body: () => ({ reason: 'Not enough interest' }),
    expect: who(403, { expertA: 200, expertB: 404 }),
  },
  // The waitlist of a full workshop: any signed-in viewer reads their place; only clients join it, then leave it.
  { method: 'GET', route: '/api/me/waitlist', url: () => '/api/me/waitlist', expect: who(200) },
  {
    method: 'GET',
    route: '/api/workshops/:id/waitlist',
    url: (f) => `/api/workshops/${f.workshops.full}/waitlist`,
    expect: who(200),
  },
  {
    method: 'POST',
    route: '/api/workshops/:id/waitlist',
    url: (f) => `/api/workshops/${f.workshops.full}/waitlist`,
    expect: who(403, { clientA: 201, clientB: 201 }),
  },
  {
    method: 'DELETE',
    route: '/api/workshops/:id/waitlist',
    url: (f) => `/api/workshops/${f.workshops.full}/waitlist`,
    expect: who(403, { clientA: 200, clientB: 200 }),
  },
  {
    method: 'POST',
    route: '/api/workshops/:id/seats',
    url: (f) => `/api/workshops/${f.workshops.published}/seats`,
    headers: { 'idempotency-key': 'fresh' },
    body: () => ({ card: visa }),
    expect: who(403, { clientA: 201, clientB: 201 }),
  },

  // Sessions: only the client books; only the parties act on a session, each only as their side may.
  {
    method: 'POST',
    route: '/api/sessions',
    url: () => '/api/sessions',
    headers: { 'idempotency-key': 'fresh' },
    body: (f, a) => ({ expertId: f.expertA.id, startsAt: slotIn(a === 'clientB' ? 120 : 110), durationMinutes: 60, topic: 'Growing as a manager', card: visa }),
    expect: who(403, { clientA: 201, clientB: 201 }),
  },
  {
    method: 'POST',
    route: '/api/sessions/:id/payment',
    url: (f) => `/api/sessions/${f.sessions.payment}/payment`,
    body: () => ({}),
    expect: who(403, { clientA: 200 }),
  },
  {
    method: 'POST',
    route: '/api/sessions/:id/confirm',
    url: (f) => `/api/sessions/${f.sessions.pastConfirm}/confirm`,
    body: () => ({}),
    expect: who(403, { clientA: 200 }),
  },
  {
    method: 'POST',
    route: '/api/sessions/:id/dispute',
    url: (f) => `/api/sessions/${f.sessions.pastDispute}/dispute`,
    body: () => ({ description: 'The expert did not join' }),
    expect: who(403, { clientA: 200 }),
  },
  {
    method: 'GET',
    route: '/api/sessions/:id/no-show',
    url: (f) => `/api/sessions/${f.noShows.byExpert}/no-show`,
    expect: who(403, { clientA: 200, expertA: 200 }),
  },
  {
    method: 'POST',
    route: '/api/sessions/:id/no-show',
    url: (f, a) => `/api/sessions/${a === 'expertA' ? f.noShows.byExpert : f.noShows.byClient}/no-show`,
    body: () => ({ statement: 'Nobody joined the call' }),
    expect: who(403, { clientA: 201, expertA: 201 }),
  },
  {
    method: 'POST',
    route: '/api/sessions/:id/no-show/contest',
    url: (f, a) => `/api/sessions/${a === 'expertA' ? f.noShows.byClient : f.noShows.byExpert}/no-show/contest`,
    body: () => ({ statement: 'I was in the call' }),
    expect: who(403, { clientA: 200, expertA: 200 }),
  },
  {
    method: 'GET',
    route: '/api/sessions/:id/reschedule-slots',
    url: (f) => `/api/sessions/${f.sessions.future1}/reschedule-slots?from=${day(48)}&days=2`,
    expect: who(403, { clientA: 200, expertA: 200 }),
  },
  {
    method: 'POST',
    route: '/api/sessions/:id/reschedule',
    url: (f) => `/api/sessions/${f.sessions.future1}/reschedule`,
    body: () => ({ startsAt: slotIn(140) }),
    expect: who(403, { clientA: 200 }),
  },
  {
    method: 'POST',
    route: '/api/sessions/:id/reschedule-proposals',
    url: (f) => `/api/sessions/${f.sessions.future2}/reschedule-proposals`,
    body: () => ({ startsAt: slotIn(150) }),
    expect: who(403, { expertA: 201 }),
  },
  {
    method: 'POST',
    route: '/api/sessions/:id/reschedule-proposals/:proposalId/accept',
    url: (f) => `/api/sessions/${f.proposals.accept.sessionId}/reschedule-proposals/${f.proposals.accept.id}/accept`,
    expect: who(403, { clientA: 200 }),
  },
  {
    method: 'POST',
    route: '/api/sessions/:id/reschedule-proposals/:proposalId/decline',
    url: (f) => `/api/sessions/${f.proposals.decline.sessionId}/reschedule-proposals/${f.proposals.decline.id}/decline`,
    expect: who(403, { clientA: 200 }),
  },
  {
    method: 'POST',
    route: '/api/sessions/:id/cancel',
    url: (f, a) => `/api/sessions/${a === 'expertA' ? f.sessions.future2 : f.sessions.future1}/cancel`,
    body: () => ({ reason: 'Something came up' }),
    expect: who(403, { clientA: 200, expertA: 200 }),
  },
  {
    method: 'POST',
    route: '/api/sessions/:id/feedback',
    url: (f) => `/api/sessions/${f.sessions.confirmed}/feedback`,
    body: () => excellent,
    expect: who(404, { expertA: 403, clientA: 201 }),
  },

  {
    method: 'POST',
    route: '/api/me/packages',
    url: () => '/api/me/packages',
    body: () => ({ sessionCount: 2, durationMinutes: 30, priceCents: 8000, validityMonths: 2 }),
    expect: who(403, { expertA: 201, expertB: 201 }),
  },
  {
    method: 'PUT',
    route: '/api/me/packages/:id',
    url: (f) => `/api/me/packages/${f.packages.offerId}`,
    body: () => ({ sessionCount: 4, durationMinutes: 60, priceCents: 34000, validityMonths: 3 }),
    expect: who(403, { expertA: 200, expertB: 404 }),
  },
  {
    method: 'POST',
    route: '/api/packages/:id/purchases',
    url: (f) => `/api/packages/${f.packages.offerId}/purchases`,
    headers: { 'idempotency-key': 'fresh' },
    body: () => ({ card: visa }),
    expect: who(403, { clientA: 201, clientB: 201 }),
  },
  {
    method: 'POST',
    route: '/api/package-purchases/:id/payment',
    url: (f) => `/api/package-purchases/${f.packages.purchaseId}/payment`,
    body: () => ({}),
    expect: who(404, { clientA: 200 }),
  },
  {
    method: 'POST',
    route: '/api/package-purchases/:id/sessions',
    url: (f) => `/api/package-purchases/${f.packages.purchaseId}/sessions`,
    headers: { 'idempotency-key': 'fresh' },
    body: () => ({ startsAt: new Date(Math.ceil((Date.now() + 200 * 3_600_000) / 900_000) * 900_000).toISOString(), topic: 'Package session' }),
    expect: who(403, { clientA: 201, clientB: 404 }),
  },
  {
    method: 'POST',
    route: '/api/admin/package-purchases/:id/refund',
    url: (f) => `/api/admin/package-purchases/${f.packages.refundPurchaseId}/refund`,
    headers: { 'idempotency-key': 'fresh' },
    body: () => ({ reason: 'Matrix refund' }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/me/plans',
    url: () => '/api/me/plans',
    body: () => ({ name: 'Matrix plan', priceCents: 9000, sessionCount: 1, durationMinutes: 30, chatPromise: 'Replies in a day' }),
    expect: who(403, { expertA: 201, expertB: 201 }),
  },
  {
    method: 'PUT',
    route: '/api/me/plans/:id',
    url: (f) => `/api/me/plans/${f.plans.planId}`,
    body: () => ({ name: 'Monthly', priceCents: 18000, sessionCount: 2, durationMinutes: 60, chatPromise: 'Replies within 2 working days' }),
    expect: who(403, { expertA: 200, expertB: 404 }),
  },
  {
    method: 'POST',
    route: '/api/plans/:id/subscriptions',
    url: (f) => `/api/plans/${f.plans.planId}/subscriptions`,
    headers: { 'idempotency-key': 'fresh' },
    body: () => ({ card: visa }),
    expect: who(403, { clientA: 409, clientB: 201 }),
  },
  {
    method: 'POST',
    route: '/api/subscriptions/:id/sessions',
    url: (f) => `/api/subscriptions/${f.plans.subscriptionId}/sessions`,
    headers: { 'idempotency-key': 'fresh' },
    body: () => ({ startsAt: new Date(Math.ceil((Date.now() + 210 * 3_600_000) / 900_000) * 900_000).toISOString(), topic: 'Plan session' }),
    expect: who(403, { clientA: 201, clientB: 404 }),
  },
  {
    method: 'POST',
    route: '/api/subscriptions/:id/payment',
    url: (f) => `/api/subscriptions/${f.plans.subscriptionId}/payment`,
    body: () => ({}),
    expect: who(404, { clientA: 200 }),
  },
  {
    method: 'GET',
    route: '/api/subscriptions/:id/renewal-confirmation',
    url: (f) => `/api/subscriptions/${f.plans.subscriptionId}/renewal-confirmation`,
    expect: who(404, { clientA: 200 }),
  },
  {
    method: 'POST',
    route: '/api/subscriptions/:id/cancel',
    url: (f) => `/api/subscriptions/${f.plans.subscriptionId}/cancel`,
    expect: who(404, { clientA: 200 }),
  },
  {
    method: 'GET',
    route: '/api/subscriptions/:id/change',
    url: (f) => `/api/subscriptions/${f.plans.changeSubscriptionId}/change?planId=${f.plans.changeToPlanId}`,
    expect: who(404, { clientA: 200 }),
  },
  {
    method: 'POST',
    route: '/api/subscriptions/:id/change',
    url: (f) => `/api/subscriptions/${f.plans.changeSubscriptionId}/change`,
    body: (f) => ({ planId: f.plans.changeToPlanId }),
    expect: who(404, { clientA: 200 }),
  },
  {
    method: 'POST',
    route: '/api/me/plans/:id/end',
    url: (f) => `/api/me/plans/${f.plans.endPlanId}/end`,
    expect: who(403, { expertA: 200, expertB: 404 }),
  },
  {
    method: 'POST',
    route: '/api/admin/subscriptions/:id/refund',
    url: (f) => `/api/admin/subscriptions/${f.plans.refundSubscriptionId}/refund`,
    headers: { 'idempotency-key': 'fresh' },
    body: () => ({ reason: 'Matrix refund' }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/partner/organisations/:id/invitations',
    url: (f) => `/api/partner/organisations/${f.partner.organisationId}/invitations`,
    body: () => ({ email: 'new-manager@example.com' }),
    expect: who(404, { clientA: 201 }),
  },
  {
    method: 'POST',
    route: '/api/partner/organisations/:id/credit-purchases',
    url: (f) => `/api/partner/organisations/${f.partner.organisationId}/credit-purchases`,
    headers: { 'idempotency-key': 'fresh' },
    body: () => ({ amountCents: 5000, card: visa }),
    expect: who(404, { clientA: 201 }),
  },
  {
    method: 'GET',
    route: '/api/partner/organisations/:id/statements',
    url: (f) => `/api/partner/organisations/${f.partner.organisationId}/statements`,
    expect: who(404, { clientA: 200 }),
  },
  {
    method: 'GET',
    route: '/api/partner/organisations/:id/credit-purchases',
    url: (f) => `/api/partner/organisations/${f.partner.organisationId}/credit-purchases`,
    expect: who(404, { clientA: 200 }),
  },
  {
    method: 'GET',
    route: '/api/partner/organisations/:id/credit-purchases/:purchaseId/receipt.pdf',
    url: (f) => `/api/partner/organisations/${f.partner.organisationId}/credit-purchases/${f.partner.paidPurchaseId}/receipt.pdf`,
    expect: who(404, { clientA: 200 }),
  },
  {
    method: 'GET',
    route: '/api/partner/organisations/:id/statements/:month/statement.pdf',
    url: (f) => `/api/partner/organisations/${f.partner.organisationId}/statements/2026-10/statement.pdf`,
    expect: who(404, { clientA: 200 }),
  },
  {
    method: 'POST',
    route: '/api/partner/organisations/:id/credit-purchases/:purchaseId/payment',
    url: (f) => `/api/partner/organisations/${f.partner.organisationId}/credit-purchases/${f.partner.purchaseId}/payment`,
    expect: who(404, { clientA: 200 }),
  },
  {
    method: 'DELETE',
    route: '/api/partner/organisations/:id/managers/:userId',
    url: (f) => `/api/partner/organisations/${f.partner.organisationId}/managers/${f.partner.secondManagerId}`,
    expect: who(404, { clientA: 200 }),
  },
  {
    method: 'PUT',
    route: '/api/partner/organisations/:id/logo',
    url: (f) => `/api/partner/organisations/${f.partner.organisationId}/logo`,
    body: (f) => ({ fileId: f.logos.manager }),
    expect: who(404, { clientA: 200 }),
  },
  {
    method: 'DELETE',
    route: '/api/partner/organisations/:id/logo',
    url: (f) => `/api/partner/organisations/${f.partner.organisationId}/logo`,
    expect: who(404, { clientA: 200 }),
  },
  {
    method: 'POST',
    route: '/api/partner/organisations/:id/programmes',
    url: (f) => `/api/partner/organisations/${f.partner.organisationId}/programmes`,
    body: () => ({ name: 'Matrix sprint', startsOn: '2026-01-01', endsOn: '2030-12-31', joinRule: 'code' }),
    expect: who(404, { clientA: 201 }),
  },
  {
    method: 'POST',
    route: '/api/partner/organisations/:id/programmes/:programmeId/status',
    url: (f) => `/api/partner/organisations/${f.partner.organisationId}/programmes/${f.programmes.invitedId}/status`,
    body: () => ({ status: 'active' }),
    expect: who(404, { clientA: 200 }),
  },
  {
    method: 'POST',
    route: '/api/partner/organisations/:id/programmes/:programmeId/invitations',
    url: (f) => `/api/partner/organisations/${f.partner.organisationId}/programmes/${f.programmes.invitedId}/invitations`,
    body: () => ({ csv: 'email\nnew-member@example.com\n' }),
    expect: who(404, { clientA: 201 }),
  },
  {
    method: 'DELETE',
    route: '/api/partner/organisations/:id/programmes/:programmeId/members/:userId',
    url: (f) => `/api/partner/organisations/${f.partner.organisationId}/programmes/${f.programmes.invitedId}/members/${f.programmes.memberId}`,
    expect: who(404, { clientA: 200 }),
  },
  { method: 'POST', route: '/api/me/programmes/join', url: () => '/api/me/programmes/join', body: (f) => ({ code: f.programmes.openCode }), expect: who(200) },
  {
    // The programme's invitation was sent to client B's address: only client B can accept it.
    method: 'POST',
    route: '/api/me/programmes/accept',
    url: () => '/api/me/programmes/accept',
    body: (f) => ({ token: f.programmes.invitationToken }),
    expect: who(403, { clientB: 200 }),
  },
  {
    // The invitation was sent to client B's address: only client B can accept it.
    method: 'POST',
    route: '/api/partner/invitations/accept',
    url: () => '/api/partner/invitations/accept',
    body: (f) => ({ token: f.partner.invitationToken }),
    expect: who(403, { clientB: 200 }),
  },

  // The team's decisions.
  {
    method: 'PUT',
    route: '/api/admin/inbox/:kind/:id/handled',
    url: (f) => `/api/admin/inbox/contact/${f.contactId}/handled`,
    body: () => ({ handled: true }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/inbox/:kind/:id/replies',
    url: (f) => `/api/admin/inbox/contact/${f.contactId}/replies`,
    body: () => ({ message: 'Thank you for writing to us.' }),
    expect: adminOnly(201),
  },
  {
    method: 'POST',
    route: '/api/admin/disputes/:id/resolve',
    url: (f) => `/api/admin/disputes/${f.disputeId}/resolve`,
    body: () => ({ decision: 'expert', note: 'The session took place' }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/applications/:id/under-review',
    url: (f) => `/api/admin/applications/${f.applicationId}/under-review`,
    body: () => ({}),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/applications/:id/approve',
    url: (f) => `/api/admin/applications/${f.applicationId}/approve`,
    body: () => ({}),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/applications/:id/reject',
    url: (f) => `/api/admin/applications/${f.rejectApplicationId}/reject`,
    body: () => ({ reason: 'Not enough experience yet' }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/sessions/:id/refund',
    url: (f) => `/api/admin/sessions/${f.refundSessionId}/refund`,
    body: () => ({ refundCents: 1000, reason: 'Audio problems' }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/payment-retries/:id/retry',
    url: (f) => `/api/admin/payment-retries/${f.paymentRetries.retry}/retry`,
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/payment-retries/:id/resolve',
    url: (f) => `/api/admin/payment-retries/${f.paymentRetries.resolve}/resolve`,
    body: () => ({ reason: 'Refunded in the processor dashboard' }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/experts/:id/visibility',
    url: (f) => `/api/admin/experts/${f.hiddenExpertId}/visibility`,
    body: () => ({ published: false, reason: 'Photo is not of the expert' }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/users/:id/suspend',
    url: (f) => `/api/admin/users/${f.personId}/suspend`,
    body: () => ({ reason: 'Abusive messages' }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/users/:id/cancel-booked-sessions',
    url: (f) => `/api/admin/users/${f.personId}/cancel-booked-sessions`,
    body: () => ({ reason: 'Account suspended' }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/users/:id/reinstate',
    url: (f) => `/api/admin/users/${f.personId}/reinstate`,
    body: () => ({ reason: 'Appeal accepted' }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/organisations',
    url: () => '/api/admin/organisations',
    body: () => ({ name: 'Matrix College', kind: 'university', billingEmail: 'billing@matrix.example' }),
    expect: adminOnly(201),
  },
  {
    method: 'PUT',
    route: '/api/admin/organisations/:id/logo',
    url: (f) => `/api/admin/organisations/${f.partner.organisationId}/logo`,
    body: (f) => ({ fileId: f.logos.admin }),
    expect: adminOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/admin/organisations/:id/logo',
    url: (f) => `/api/admin/organisations/${f.partner.organisationId}/logo`,
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/organisations/:id/invitations',
    url: (f) => `/api/admin/organisations/${f.partner.organisationId}/invitations`,
    body: () => ({ email: 'invited-by-team@example.com' }),
    expect: adminOnly(201),
  },
  {
    method: 'POST',
    route: '/api/admin/organisations/:id/managers/:userId/removal',
    url: (f) => `/api/admin/organisations/${f.partner.organisationId}/managers/${f.partner.thirdManagerId}/removal`,
    body: () => ({ reason: 'Left the university' }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/organisations/:id/programmes/:programmeId/status',
    url: (f) => `/api/admin/organisations/${f.partner.organisationId}/programmes/${f.programmes.invitedId}/status`,
    body: () => ({ status: 'active', reason: 'Matrix check' }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/organisations/:id/invoice-payments',
    url: (f) => `/api/admin/organisations/${f.partner.organisationId}/invoice-payments`,
    body: () => ({ amountCents: 10_000, reference: 'INV-MATRIX-1' }),
    expect: adminOnly(201),
  },
  // Sponsorships, once the invoice payment above has given the organisation credit: managers reserve a seat of one
  // workshop, the team of another; everyone else is told the organisation does not exist.
  {
    method: 'POST',
    route: '/api/partner/organisations/:id/sponsorships',
    url: (f) => `/api/partner/organisations/${f.partner.organisationId}/sponsorships`,
    body: (f) => ({ programmeId: f.programmes.invitedId, workshopId: f.workshops.published, seats: 1 }),
    // Client B manages the organisation too since accepting the invitation above, and asks first; client A, after it, is
    // told the workshop has its sponsor.
    expect: who(404, { clientB: 201, clientA: 409 }),
  },
  {
    method: 'POST',
    route: '/api/admin/organisations/:id/sponsorships',
    url: (f) => `/api/admin/organisations/${f.partner.organisationId}/sponsorships`,
    body: (f) => ({ programmeId: f.programmes.invitedId, workshopId: f.workshops.sponsorable, seats: 1 }),
    expect: adminOnly(201),
  },
  {
    method: 'POST',
    route: '/api/admin/organisations/:id/grants',
    url: (f) => `/api/admin/organisations/${f.partner.organisationId}/grants`,
    body: () => ({ amountCents: 5_000, expiresOn: day(24 * 30), note: 'Matrix pilot' }),
    expect: adminOnly(201),
  },
  {
    method: 'POST',
    route: '/api/admin/organisations/:id/adjustments',
    url: (f) => `/api/admin/organisations/${f.partner.organisationId}/adjustments`,
    body: () => ({ amountCents: 1_000, reason: 'Goodwill' }),
    expect: adminOnly(201),
  },
  {
    // Each actor sends the admin's current authenticator code: only the team's guard tells them apart.
    method: 'POST',
    route: '/api/admin/users/:id/role',
    url: (f) => `/api/admin/users/${f.personId}/role`,
    body: (f) => ({ role: 'expert', code: totp(f.adminTotpSecret) }),
    expect: adminOnly(200),
  },

  // Stripe calls this one; it is authenticated by its signature alone, so every caller without one gets 400.
  {
    method: 'POST',
    route: '/api/payments/stripe/webhook',
    url: () => '/api/payments/stripe/webhook',
    body: () => ({ type: 'payment_intent.succeeded' }),
    app: 'stripe',
    expect: everyone(400),
  },
];

describe('authorization matrix', () => {
  let ctx: TestContext;
  let stripeCtx: TestContext;
  const routes = new Set<string>();
  const cookies = {} as Record<Exclude<Actor, 'anon'>, string>;
  let f: Fixtures;
  /** Values only the parties (and the team) may see. */
  let pairSecrets: string[];
  let applicantSecrets: string[];

  beforeAll(async () => {
    ctx = await createTestApp({}, { onRoute: collectRoutes(routes) });
    stripeCtx = await createTestApp(
      { STRIPE_SECRET_KEY: 'sk_test_matrix', STRIPE_WEBHOOK_SECRET: 'whsec_matrix', STRIPE_API_URL: 'http://127.0.0.1:9', TEST_HOOKS: '1' },
      { onRoute: collectRoutes(routes) },
    );

    const mk = (a: 'clientA' | 'clientB' | 'applicant' | 'admin', role: 'client' | 'expert' | 'admin') =>
      createUser(ctx, { email: `${a.toLowerCase()}@example.com`, role, firstName: names[a][0], lastName: names[a][1] });
    const clientA = await mk('clientA', 'client');
    const clientB = await mk('clientB', 'client');
    const applicant = await mk('applicant', 'expert');
    const admin = await mk('admin', 'admin');
    const expertA = await createExpert(ctx, { email: 'experta@example.com', slug: 'erin-expert' });
    const expertB = await createExpert(ctx, { email: 'expertb@example.com', slug: 'ezra-rival' });
    Object.assign(cookies, {
      clientA: clientA.cookie,
      clientB: clientB.cookie,
      applicant: applicant.cookie,
      admin: admin.cookie,
      expertA: expertA.cookie,
      expertB: expertB.cookie,
    });

    const booked = async (cookie: string, expertId: string, hours: number) => {
      const res = await book(ctx, cookie, { expertId, startsAt: slotIn(hours) });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().session.id as string;
    };
    const post = (url: string, cookie: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url, headers: { origin, cookie, 'content-type': 'application/json' }, payload });
    const s = {
      future1: await booked(clientA.cookie, expertA.expert.id, 50),
      future2: await booked(clientA.cookie, expertA.expert.id, 54),
      payment: await booked(clientA.cookie, expertA.expert.id, 58),
      pastConfirm: await booked(clientA.cookie, expertA.expert.id, 62),
      pastDispute: await booked(clientA.cookie, expertA.expert.id, 66),
      confirmed: await booked(clientA.cookie, expertA.expert.id, 70),
    };
    const disputed = await booked(clientA.cookie, expertA.expert.id, 74);
    const noShows = { byExpert: await booked(clientA.cookie, expertA.expert.id, 78), byClient: await booked(clientA.cookie, expertA.expert.id, 82) };
    // Ended 1 and 3 hours ago: inside the 48 hours in which a no-show may be reported.
    await shift(ctx, noShows.byExpert, -80);
    await shift(ctx, noShows.byClient, -86);
    await booked(clientB.cookie, expertB.expert.id, 50);
    const proposed = async (hours: number, to: number) => {
      const sessionId = await booked(clientA.cookie, expertA.expert.id, hours);
      const res = await post(`/api/sessions/${sessionId}/reschedule-proposals`, expertA.cookie, { startsAt: slotIn(to) });
      expect(res.statusCode, res.body).toBe(201);
      return { sessionId, id: res.json().proposal.id as string };
    };
    const proposals = { accept: await proposed(86, 160), decline: await proposed(90, 166) };
    for (const id of [s.pastConfirm, s.pastDispute, s.confirmed, disputed]) await shift(ctx, id, -100);
    expect((await post(`/api/sessions/${s.confirmed}/confirm`, clientA.cookie, {})).statusCode).toBe(200);
    expect((await post(`/api/sessions/${disputed}/dispute`, clientA.cookie, { description: 'The expert did not show up.' })).statusCode).toBe(200);
    const [dispute] = await ctx.database.db.select().from(disputes).where(eq(disputes.sessionId, disputed));

    const cv = (await upload(ctx, applicant.cookie, 'cv', 'avery-cv.pdf', await makePdf(['Avery Applicant', 'Senior designer, portfolio reviews']))).json()
      .file;
    const apply = (cookie: string, cvFileId?: string) =>
      post('/api/applications', cookie, {
        professionalTitle: 'Senior Designer',
        yearsExperience: '6-10',
        selectedExpertise: ['Graphics & Design'],
        whyExpert: 'I like teaching.',
        cvFileId,
      });
    const application = await apply(applicant.cookie, cv.id);
    expect(application.statusCode, application.body).toBe(201);
    const other = await createUser(ctx, { email: 'second-applicant@example.com', role: 'expert' });
    const rejectable = await apply(other.cookie);
    expect(rejectable.statusCode, rejectable.body).toBe(201);

    await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin, 'content-type': 'application/json' },
      payload: { name: 'Dana', email: 'dana@example.com', message: 'Hi' },
    });
    const [contact] = await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.email, 'dana@example.com'));

    const person = await createUser(ctx, { email: 'person@example.com', firstName: 'Pat', lastName: 'Person' });
    const refundSessionId = await booked(clientA.cookie, expertA.expert.id, 96);
    const hidden = await createExpert(ctx, { email: 'hidden-expert@example.com', slug: 'hidden-expert' });
    const conversation = (await post('/api/conversations', clientA.cookie, { expertId: expertA.expert.id })).json().conversation.id as string;
    expect((await post('/api/conversations', clientB.cookie, { expertId: expertA.expert.id })).statusCode).toBe(201);
    const firstMessage = await post(`/api/conversations/${conversation}/messages`, clientA.cookie, { id: randomUUID(), body: 'Hello Erin' });
    expect(firstMessage.statusCode, firstMessage.body).toBe(201);

    const safety = (await post('/api/conversations', clientA.cookie, { expertId: expertB.expert.id })).json().conversation.id as string;
    expect((await post(`/api/conversations/${safety}/messages`, clientA.cookie, { id: randomUUID(), body: 'Hello Ezra' })).statusCode).toBe(201);
    const clientC = await createUser(ctx, { email: 'clientc@example.com', firstName: 'Cody', lastName: 'Third' });
    const reported = (await post('/api/conversations', clientC.cookie, { expertId: expertB.expert.id })).json().conversation.id as string;
    expect((await post(`/api/conversations/${reported}/messages`, clientC.cookie, { id: randomUUID(), body: 'Pay me outside' })).statusCode).toBe(201);
    const report = async (cookie: string) =>
      (await post(`/api/conversations/${reported}/report`, cookie, { reason: 'Please look at this' })).json().report.id as string;
    const reports = { dismiss: await report(clientC.cookie), suspend: await report(expertB.cookie), suspendedId: clientC.id };
    const published = await post('/api/me/workshops', expertA.cookie, workshop(30, true));
    expect(published.statusCode, published.body).toBe(201);
    const draft = await post('/api/me/workshops', expertA.cookie, workshop(31, false));
    expect(draft.statusCode, draft.body).toBe(201);
    const full = await post('/api/me/workshops', expertA.cookie, { ...workshop(32, true), capacity: 2 });
    const sponsorable = await post('/api/me/workshops', expertA.cookie, workshop(33, true));
    expect(sponsorable.statusCode, sponsorable.body).toBe(201);
    expect(full.statusCode, full.body).toBe(201);
    for (const name of ['first', 'second']) {
      const attendee = await createUser(ctx, { email: `${name}-attendee@example.com`, firstName: 'Sol', lastName: 'Attendee' });
      const seat = await ctx.app.inject({
        method: 'POST',
        url: `/api/workshops/${full.json().id}/seats`,
        headers: { origin, cookie: attendee.cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        payload: { card: visa },
      });
      expect(seat.statusCode, seat.body).toBe(201);
    }

    const [organisation] = await ctx.database.db
      .insert(organisations)
      .values({ name: 'Matrix University', kind: 'university', billingEmail: 'billing@matrix-university.example' })
      .returning();
    const secondManager = await createUser(ctx, { email: 'second-manager@example.com', firstName: 'Sasha', lastName: 'Manager' });
    // Rows alone: showing a logo reads no bytes.
    const logoOf = async (ownerId: string) =>
      (
        await ctx.database.db
          .insert(files)
          .values({ ownerId, purpose: 'logo', storageKey: `logo/${randomUUID()}`, originalName: 'logo.png', contentType: 'image/png', sizeBytes: 68 })
          .returning({ id: files.id })
      )[0]!.id;
    const logos = { manager: await logoOf(clientA.id), admin: await logoOf(admin.id) };
    const thirdManager = await createUser(ctx, { email: 'third-manager@example.com', firstName: 'Tess', lastName: 'Manager' });
    await ctx.database.db.insert(organisationManagers).values([
      { organisationId: organisation!.id, userId: clientA.id },
      { organisationId: organisation!.id, userId: secondManager.id },
      { organisationId: organisation!.id, userId: thirdManager.id },
    ]);
    const [purchase] = await ctx.database.db
      .insert(creditPurchases)
      .values({
        organisationId: organisation!.id,
        amountCents: 5000,
        method: 'card',
        status: 'pending',
        provider: 'simulated',
        providerRef: 'sim_matrix_pending',
        idempotencyKey: 'matrix-pending',
        requestHash: 'matrix',
        buyerId: clientA.id,
      })
      .returning();
    const invoice = await post(`/api/admin/organisations/${organisation!.id}/invoice-payments`, admin.cookie, { amountCents: 2000, reference: 'INV-MATRIX-0' });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const [paidPurchase] = await ctx.database.db
      .select({ id: creditPurchases.id })
      .from(creditPurchases)
      .where(and(eq(creditPurchases.organisationId, organisation!.id), eq(creditPurchases.status, 'paid')));
    await ctx.database.db.insert(partnerStatements).values({ organisationId: organisation!.id, month: '2026-10-01' });
    const invitationToken = randomUUID();
    await ctx.database.db.insert(organisationInvitations).values({
      organisationId: organisation!.id,
      email: clientB.email,
      tokenHash: createHash('sha256').update(invitationToken).digest('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
    });

    const packageOffer = await post('/api/me/packages', expertA.cookie, { sessionCount: 4, durationMinutes: 60, priceCents: 34000, validityMonths: 3 });
    expect(packageOffer.statusCode, packageOffer.body).toBe(201);
    const buyPackage = async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/packages/${packageOffer.json().id}/purchases`,
        headers: { origin, cookie: clientA.cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        payload: { card: visa },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().purchase.id as string;
    };
    const packages = { offerId: packageOffer.json().id, purchaseId: await buyPackage(), refundPurchaseId: await buyPackage(), clientAId: clientA.id };
    const offerPlan = async (cookie: string) => {
      const res = await post('/api/me/plans', cookie, {
        name: 'Monthly',
        priceCents: 18000,
        sessionCount: 2,
        durationMinutes: 60,
        chatPromise: 'Replies within 2 working days',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const subscribePlan = async (planId: string, cookie = clientA.cookie) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/plans/${planId}/subscriptions`,
        headers: { origin, cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        payload: { card: visa },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().subscription.id as string;
    };
    const planId = await offerPlan(expertA.cookie);
    const subscriptionId = await subscribePlan(planId);
    const [firstMonth] = await ctx.database.db.select({ id: planPeriods.id }).from(planPeriods).where(eq(planPeriods.subscriptionId, subscriptionId));
    // Client A's plan to change is with an expert who is none of the actors: no other actor may read it.
    const planner = await createExpert(ctx, { email: 'matrix-planner@example.com', slug: 'matrix-planner' });
    const plans = {
      planId,
      endPlanId: await offerPlan(expertA.cookie),
      subscriptionId,
      periodId: firstMonth!.id,
      refundSubscriptionId: await subscribePlan(await offerPlan(expertB.cookie), clientB.cookie),
      changeSubscriptionId: await subscribePlan(await offerPlan(planner.cookie)),
      changeToPlanId: await offerPlan(planner.cookie),
    };

    const [invitedProgramme, openProgramme] = await ctx.database.db
      .insert(accessProgrammes)
      .values(
        (['invited', 'code'] as const).map((joinRule) => ({
          organisationId: organisation!.id,
          name: `Matrix ${joinRule}`,
          code: `MATRIX-${joinRule.toUpperCase()}`,
          coversSessions: true,
          coversWorkshops: false,
          coversIntros: false,
          limitPeriod: 'month',
          startsOn: '2026-01-01',
          endsOn: '2030-12-31',
          joinRule,
        })),
      )
      .returning();
    const programmeToken = randomUUID();
    await ctx.database.db.insert(programmeInvitations).values({
      programmeId: invitedProgramme!.id,
      email: clientB.email,
      tokenHash: createHash('sha256').update(programmeToken).digest('hex'),
    });
    await ctx.database.db.insert(programmeMembers).values({ programmeId: invitedProgramme!.id, userId: secondManager.id });

    const owed = (n: number) => ({
      provider: 'simulated',
      providerRef: `sim_owed_${n}`,
      amountCents: 4500,
      idempotencyKey: `void:sim_owed_${n}`,
      why: 'booking refused by the database',
    });
    const [retry, resolve] = await ctx.database.db
      .insert(paymentRetries)
      .values([owed(1), owed(2)])
      .returning();

    f = {
      packages,
      plans,
      programmes: { invitedId: invitedProgramme!.id, openCode: openProgramme!.code, invitationToken: programmeToken, memberId: secondManager.id },
      paymentRetries: { retry: retry!.id, resolve: resolve!.id },
      logos,
      partner: {
        organisationId: organisation!.id,
        secondManagerId: secondManager.id,
        thirdManagerId: thirdManager.id,
        invitationToken,
        purchaseId: purchase!.id,
        paidPurchaseId: paidPurchase!.id,
      },
      safety,
      reports,
      expertA: { id: expertA.expert.id, slug: expertA.expert.slug },
      workshops: { published: published.json().id, draft: draft.json().id, full: full.json().id, sponsorable: sponsorable.json().id },
      conversation: { id: conversation, messageId: firstMessage.json().message.id },
      sessions: s,
      noShows,
      proposals,
      disputeId: dispute!.id,
      applicationId: application.json().application.id,
      rejectApplicationId: rejectable.json().application.id,
      cvId: cv.id,
      contactId: contact!.id,
      personId: person.id,
      refundSessionId,
      hiddenExpertId: hidden.expert.id,
      adminTotpSecret: totpSecretOf(ctx, 'admin@example.com')!,
      unsubscribeToken: unsubscribeUrl(ctx.config.baseUrl, ctx.config.authSecret, clientA.id).split('/').pop()!,
    };
    pairSecrets = [
      clientA.email,
      clientA.id,
      expertA.email,
      expertA.id,
      ...Object.values(s),
      ...Object.values(noShows),
      ...Object.values(proposals).flatMap((p) => [p.sessionId, p.id]),
      disputed,
      dispute!.id,
      refundSessionId,
    ];
    applicantSecrets = [applicant.email, applicant.id, cv.id, f.applicationId];
  });

  afterAll(async () => {
    await ctx?.close();
    await stripeCtx?.close();
  });

  it('has exactly one row for every API route', () => {
    const covered = new Set(rows.map((r) => `${r.method} ${r.route}`));
    expect(covered.size, 'duplicate rows').toBe(rows.length);
    expect([...routes].filter((r) => !covered.has(r)).sort(), 'routes without a row in the matrix').toEqual([]);
    expect([...covered].filter((r) => !routes.has(r)).sort(), 'rows for routes that no longer exist').toEqual([]);
  });

  /**
   * Before the canonical calls below (which change data): every route in every other spelling of its path, from this
   * site and from a foreign one, as one actor of each answer its row expects (an actor's answer differs from
   * another's only through the route's guards, which a spelling meets all or none of: one refused actor per kind of
   * refusal shows a guard skipped, and the other actors of that answer would only repeat the call). Each answer is
   * the canonical one or 404 (403 or 404 from the foreign site), is `no-store`, and the calls together change nothing
   * (none may get past a guard the canonical spelling meets: a foreign-site write that ran would change data).
   */
  it.each(rows.map((r) => [`${r.method} ${r.route}`, r] as const))(
    '%s in other spellings answers as its row says or 404, and changes nothing',
    async (_name, row) => {
      const target = row.app === 'stripe' ? stripeCtx : ctx;
      const before = await fingerprint(target.database);
      const onePerAnswer = actors.filter((actor, i) => actors.findIndex((other) => row.expect[other] === row.expect[actor]) === i);
      for (const actor of onePerAnswer) {
        const index = actors.indexOf(actor);
        for (const [variant, spelled] of spellings(row.url(f, actor)).entries()) {
          for (const site of [origin, 'https://evil.example']) {
            const headers: Record<string, string> = { origin: site, ...(actor === 'anon' ? {} : { cookie: cookies[actor] }) };
            for (const [k, v] of Object.entries(row.headers ?? {})) headers[k] = v === 'fresh' ? randomUUID() : v;
            let payload: string | Buffer | undefined;
            if (row.multipart) {
              const body = multipartBody('photo.png', tinyPng, 'image/png');
              headers['content-type'] = body.contentType;
              payload = body.payload;
            } else if (row.body) {
              headers['content-type'] = 'application/json';
              payload = JSON.stringify(row.body(f, actor));
            }
            const res = await answer(target, row, {
              method: row.method as 'GET',
              url: spelled.url,
              headers,
              payload,
              remoteAddress: `10.8.${index}.${variant + 1}`,
            });
            const label = `${row.method} ${spelled.url} (${spelled.name}) as ${actor} from ${site}: ${res.statusCode} ${res.body.slice(0, 200)}`;
            const allowed = site === origin || row.method === 'GET' ? [row.expect[actor], 404] : [403, 404];
            expect(allowed, label).toContain(res.statusCode);
            expect(res.headers['cache-control'], label).toMatch(/\bno-store\b/);
          }
        }
      }
      expect(await fingerprint(target.database), `${row.method} ${row.route}: a call in another spelling changed data`).toEqual(before);
    },
  );

  it('nobody grants themselves the admin role, another role or a verified e-mail', async () => {
    const json = { origin, 'content-type': 'application/json' };
    const roleOf = async (email: string) =>
      (await ctx.database.db.select({ role: user.role, verified: user.emailVerified }).from(user).where(eq(user.email, email)))[0];
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: json,
      payload: { email: 'mallory@example.com', password: 'an-unusual-passphrase-42', name: 'Mallory', role: 'admin', emailVerified: true },
      remoteAddress: '10.9.98.1',
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    expect(await roleOf('mallory@example.com')).toEqual({ role: null, verified: false });
    const update = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { ...json, cookie: cookies.clientB },
      payload: { role: 'admin', emailVerified: false },
    });
    expect(update.statusCode).toBeLessThan(500);
    expect(await roleOf('clientb@example.com')).toEqual({ role: 'client', verified: true });
    const profile = (cookie: string, role: string) =>
      ctx.app.inject({ method: 'PUT', url: '/api/me/profile', headers: { ...json, cookie }, payload: { firstName: 'Blake', lastName: 'Other', role } });
    expect((await profile(cookies.clientB, 'admin')).statusCode).toBe(400);
    expect((await profile(cookies.clientB, 'expert')).statusCode).toBe(409);
    expect((await profile(cookies.expertB, 'client')).statusCode).toBe(409);
    expect(await roleOf('clientb@example.com')).toEqual({ role: 'client', verified: true });
  });

  /** The fixtures with every id and slug replaced by a fresh uuid: ids that exist nowhere. */
  const ghost = (value: unknown): unknown =>
    typeof value === 'string'
      ? randomUUID()
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, ghost(v)]))
        : value;

  it.each(rows.filter((r) => r.route.includes(':')).map((r) => [`${r.method} ${r.route}`, r] as const))(
    '%s answers 404 for an id that does not exist, and changes nothing',
    async (_name, row) => {
      const actor = actors.find((a) => a !== 'anon' && row.expect[a] < 300)!;
      const unknown = ghost(f) as Fixtures;
      const before = await fingerprint(ctx.database);
      const res = await ctx.app.inject({
        method: row.method as 'GET',
        url: row.url(unknown, actor),
        headers: {
          origin,
          cookie: cookies[actor as Exclude<Actor, 'anon'>],
          ...Object.fromEntries(Object.entries(row.headers ?? {}).map(([k, v]) => [k, v === 'fresh' ? randomUUID() : v])),
          ...(row.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(row.body ? { payload: JSON.stringify(row.body(f, actor)) } : {}),
        remoteAddress: '10.9.99.1',
      });
      expect(res.statusCode, `${row.route} as ${actor}: ${res.body}`).toBe(404);
      expect(await fingerprint(ctx.database)).toEqual(before);
    },
  );

  it.each(rows.map((r) => [`${r.method} ${r.route}`, r] as const))('%s answers each actor as its row says', async (_name, row) => {
    const target = row.app === 'stripe' ? stripeCtx : ctx;
    for (const [index, actor] of actors.entries()) {
      const headers: Record<string, string> = { origin, ...(actor === 'anon' ? {} : { cookie: cookies[actor] }) };
      for (const [k, v] of Object.entries(row.headers ?? {})) headers[k] = v === 'fresh' ? randomUUID() : v;
      let payload: string | Buffer | undefined;
      if (row.multipart) {
        const body = multipartBody('photo.png', tinyPng, 'image/png');
        headers['content-type'] = body.contentType;
        payload = body.payload;
      } else if (row.body) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(row.body(f, actor));
      }
      const writes = row.method !== 'GET';
      const before = writes ? await fingerprint(target.database) : null;
      const res = await answer(target, row, { method: row.method as 'GET', url: row.url(f, actor), headers, payload, remoteAddress: `10.9.${index}.1` });
      const label = `${row.method} ${row.route} as ${actor}: ${res.body.slice(0, 300)}`;
      expect(res.statusCode, label).toBe(row.expect[actor]);
      if (before && res.statusCode >= 400) expect(await fingerprint(target.database), `${label} — a refused call changed data`).toEqual(before);
      const hidden = [
        ...(['anon', 'clientB', 'expertB', 'applicant'].includes(actor) ? pairSecrets : []),
        ...(['anon', 'clientA', 'clientB', 'expertA', 'expertB'].includes(actor) ? applicantSecrets : []),
      ];
      for (const secret of hidden) expect(res.body.includes(secret), `${label} — leaks ${secret}`).toBe(false);
    }
  });
});
