/**
 * Drizzle schema (PostgreSQL dialect, PGlite and PostgreSQL 15+). Migrations under drizzle/ are
 * generated from this file with `npm run db:generate`; never edit a landed migration.
 * Better Auth's own tables are prefixed `auth_` so that "sessions" always means mentoring sessions.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CancellationPolicy } from '../../shared/sessions.js';
import type { CreditPurchaseStatus } from '../../shared/partners.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** A full-text vector (PostgreSQL `tsvector`), only ever written by the database (generated columns). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** A range of instants (PostgreSQL `tstzrange`), only ever written by the database (triggers). */
const tstzrange = customType<{ data: string }>({ dataType: () => 'tstzrange' });

/** Accounts: Better Auth's user plus Mentora's profile fields (docs/product.md "Accounts and sign-in"). */
export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    role: text('role'),
    /** Better Auth's twoFactor plugin: true once an authenticator app is confirmed (auth_two_factor holds its secret). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** IANA zone the account's e-mails and invites are written in (docs/product.md "E-mail"); null until the browser reports one. */
    timeZone: text('time_zone'),
    /** Whether the account gets e-mails about messages left unread (docs/product.md "Messages"); switched on /account. */
    messageEmails: boolean('message_emails').notNull().default(true),
    /** When the team suspended the account's messaging (docs/product.md "Messages"): it can then neither send nor start conversations. */
    messagingSuspendedAt: timestamp('messaging_suspended_at', { withTimezone: true }),
    /** When the account was deleted (docs/product.md "Account"): the row stays, nameless, only for the sessions and payments that need it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** When the team suspended the account (docs/product.md "Team console"): it signs in nowhere until reinstated. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** The team's reason, kept while suspended (user_suspension_check: both or neither). */
    suspensionReason: text('suspension_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'user_deleted_check',
      sql`${t.deletedAt} is null or (${t.firstName} is null and ${t.lastName} is null and ${t.phone} is null and ${t.image} is null and ${t.timeZone} is null and not ${t.emailVerified})`,
    ),
    check('user_role_check', sql`${t.role} is null or ${t.role} in ('client', 'expert', 'admin')`),
    check('user_time_zone_check', sql`${t.timeZone} is null or length(${t.timeZone}) between 1 and 64`),
    check(
      'user_suspension_check',
      sql`(${t.suspendedAt} is null) = (${t.suspensionReason} is null) and (${t.suspensionReason} is null or char_length(${t.suspensionReason}) between 1 and 1000)`,
    ),
    index('user_search_trgm_idx').using('gin', sql`(lower(${t.name} || ' ' || ${t.email})) gin_trgm_ops`),
    index('user_created_idx').on(t.createdAt),
    // The dashboard's new clients per day (migration 0036), read from the index alone.
    index('user_clients_created_idx')
      .on(t.createdAt)
      .where(sql`${t.role} = 'client'`),
  ],
);

export const authSession = pgTable(
  'auth_session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('auth_session_user_idx').on(t.userId)],
);

export const authAccount = pgTable(
  'auth_account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_account_user_idx').on(t.userId)],
);

export const authVerification = pgTable(
  'auth_verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_verification_identifier_idx').on(t.identifier)],
);

/**
 * Two-factor sign-in (Better Auth's twoFactor plugin): the TOTP secret and the unused backup codes, both encrypted
 * with AUTH_SECRET; `verified` stays false until the first code confirms enrolment. One row per user.
 */
export const authTwoFactor = pgTable(
  'auth_two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The 30-second time step of the last code accepted; a code of this step or an earlier one is refused (auth/totp-once.ts). */
    lastUsedStep: integer('last_used_step'),
  },
  (t) => [uniqueIndex('auth_two_factor_user_idx').on(t.userId)],
);

/** Contact form messages (docs/product.md "Enquiries"). `handled_at` is set by the team. */
export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  handledAt: timestamp('handled_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Partner enquiries from /how-it-works/partner. `name`/`email` are who to answer (null only on enquiries older than the form's fields). */
export const partnerEnquiries = pgTable('partner_enquiries', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  name: text('name'),
  email: text('email'),
  businessType: text('business_type').notNull(),
  description: text('description').notNull(),
  handledAt: timestamp('handled_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * The team's e-mail replies to inbox messages (docs/product.md "Team console"), kept with the one message each answers
 * (exactly one of the four message columns is set). `toEmail` is the address the reply was sent to.
 */
export const inboxReplies = pgTable(
  'inbox_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactMessageId: uuid('contact_message_id').references(() => contactMessages.id, { onDelete: 'cascade' }),
    partnerEnquiryId: uuid('partner_enquiry_id').references(() => partnerEnquiries.id, { onDelete: 'cascade' }),
    matchRequestId: uuid('match_request_id').references(() => matchRequests.id, { onDelete: 'cascade' }),
    privateFeedbackId: uuid('private_feedback_id').references(() => privateFeedback.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    toEmail: text('to_email').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('inbox_replies_one_message_check', sql`num_nonnulls(${t.contactMessageId}, ${t.partnerEnquiryId}, ${t.matchRequestId}, ${t.privateFeedbackId}) = 1`),
    check('inbox_replies_body_check', sql`char_length(${t.body}) between 1 and 5000`),
    index('inbox_replies_contact_idx')
      .on(t.contactMessageId, t.createdAt)
      .where(sql`${t.contactMessageId} is not null`),
    index('inbox_replies_partner_idx')
      .on(t.partnerEnquiryId, t.createdAt)
      .where(sql`${t.partnerEnquiryId} is not null`),
    index('inbox_replies_match_idx')
      .on(t.matchRequestId, t.createdAt)
      .where(sql`${t.matchRequestId} is not null`),
    index('inbox_replies_private_feedback_idx')
      .on(t.privateFeedbackId, t.createdAt)
      .where(sql`${t.privateFeedbackId} is not null`),
  ],
);

/** Custom expert-match requests from /search (docs/product.md "Enquiries"). */
export const matchRequests = pgTable(
  'match_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    countryCode: text('country_code').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    requestText: text('request_text').notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('match_requests_text_len', sql`char_length(${t.requestText}) between 1 and 400`)],
);

/** Transactional e-mail outbox: rows are written in the same transaction as the change they report. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** [{ filename, contentType, content (utf-8 text) }] */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string; encoding?: 'base64' }[]>(),
    /** The one-click unsubscribe address of an e-mail its recipient can switch off (List-Unsubscribe, RFC 8058); null otherwise. */
    listUnsubscribe: text('list_unsubscribe'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [check('email_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`), index('email_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * Published expert profiles (docs/product.md "Expert profiles"). Money in integer cents. `search_vector`
 * (name, role, expertise tags and about) and `title_vector` (name, role and tags alone) are generated english
 * full-text vectors with GIN indexes (migration 0015) for the catalogue's word search (docs/product.md "Search
 * and catalogue"). `mentora_array_text` is the IMMUTABLE wrapper of array_to_string created by migration 0002.
 * rating_avg / review_count are derived from stored feedback (null / 0 until feedback exists).
 */
export const experts = pgTable(
  'experts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    role: text('role').notNull(),
    about: text('about').notNull(),
    experience: text('experience').notNull().default(''),
    courses: text('courses')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hobbies: text('hobbies')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    expertise: text('expertise').array().notNull(),
    /** Null on a draft until the expert sets a rate; a published profile always has one (experts_published_check). */
    hourlyRateCents: integer('hourly_rate_cents'),
    currency: text('currency').notNull().default('USD'),
    timezone: text('timezone').notNull(),
    cancellationPolicy: text('cancellation_policy').notNull().default('moderate'),
    imageUrl: text('image_url'),
    introVideoUrl: text('intro_video_url'),
    isAvailable: boolean('is_available').notNull().default(true),
    status: text('status').notNull().default('published'),
    /** When the profile last went live; null while a draft (docs/product.md "Expert onboarding and publishing", migration 0024). */
    publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
    ratingAvg: numeric('rating_avg', { precision: 3, scale: 2 }),
    reviewCount: integer('review_count').notNull().default(0),
    /** Stripe connected account that released payments are transferred to (docs/product.md "Payments"); null = ledger-only release. */
    stripeAccountId: text('stripe_account_id'),
    /** Free minutes kept before and after each new session, 0–60 each (docs/product.md "Availability"). */
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    /** Most live sessions on one date in the expert's zone; null = no limit (migration 0017's trigger enforces it). */
    maxSessionsPerDay: integer('max_sessions_per_day'),
    titleVector: tsvector('title_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english'::regconfig, name || ' ' || role || ' ' || mentora_array_text(expertise, ' '))`),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english'::regconfig, name || ' ' || role || ' ' || mentora_array_text(expertise, ' ') || ' ' || about)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('experts_expertise_count', sql`cardinality(${t.expertise}) between 1 and 3`),
    check('experts_hourly_rate_range', sql`${t.hourlyRateCents} between 1000 and 100000`),
    check('experts_cancellation_policy_check', sql`${t.cancellationPolicy} in ('flexible', 'moderate', 'strict')`),
    check('experts_status_check', sql`${t.status} in ('draft', 'published', 'suspended')`),
    check('experts_published_check', sql`${t.status} <> 'published' or (${t.publishedAt} is not null and ${t.hourlyRateCents} is not null)`),
    check('experts_rating_range', sql`${t.ratingAvg} is null or ${t.ratingAvg} between 1 and 5`),
    check('experts_review_count_check', sql`${t.reviewCount} >= 0`),
    check('experts_stripe_account_check', sql`${t.stripeAccountId} is null or ${t.stripeAccountId} ~ '^acct_[A-Za-z0-9]+$'`),
    check('experts_buffers_check', sql`${t.bufferBeforeMinutes} between 0 and 60 and ${t.bufferAfterMinutes} between 0 and 60`),
    check('experts_max_sessions_per_day_check', sql`${t.maxSessionsPerDay} is null or ${t.maxSessionsPerDay} between 1 and 96`),
    index('experts_search_vector_idx')
      .using('gin', t.searchVector)
      .where(sql`status = 'published'`),
    index('experts_expertise_idx').using('gin', t.expertise),
    index('experts_languages_idx').using('gin', t.languages),
    index('experts_rate_idx').on(t.hourlyRateCents),
    // The default listing order (rating, then review count, name, id) read straight from an index.
    index('experts_listing_idx')
      .on(t.ratingAvg.desc().nullsLast(), t.reviewCount.desc(), t.name, t.id)
      .where(sql`status = 'published'`),
    // The dashboard's new experts per day (migration 0036).
    index('experts_created_idx').on(t.createdAt),
  ],
);

/**
 * The distinct words of experts' searchable text with their english lexemes (migration 0015 fills it by trigger
 * on every insert and update of experts; words are never removed). Search checks query words against it and
 * corrects a word whose stem is nowhere to the nearest word by trigram distance (docs/product.md "Search and
 * catalogue").
 */
export const searchLexicon = pgTable(
  'search_lexicon',
  {
    word: text('word').primaryKey(),
    lexeme: text('lexeme').notNull(),
  },
  (t) => [index('search_lexicon_lexeme_idx').on(t.lexeme), index('search_lexicon_word_trgm_idx').using('gist', t.word.op('gist_trgm_ops'))],
);

/**
 * Weekly availability: wall-clock minutes [start_minute, end_minute) on `weekday` (0 = Sunday) in the
 * expert's time zone. No rows means the default Monday–Friday 09:00–17:00. Overlapping ranges on one
 * weekday are refused by an exclusion constraint (migration 0004).
 */
export const availabilityRules = pgTable(
  'availability_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    expertId: uuid('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
  },
  (t) => [
    check('availability_rules_weekday_check', sql`${t.weekday} between 0 and 6`),
    check('availability_rules_minutes_check', sql`0 <= ${t.startMinute} and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440`),
    index('availability_rules_expert_idx').on(t.expertId),
  ],
);

/**
 * Date exceptions in the expert's time zone: `blocked` (day off, no minutes) or `custom` (these hours
 * replace the weekly rules that day; several custom rows per date allowed). One blocked row per date, never
 * mixed with custom hours, and no overlapping custom ranges: an exclusion constraint (migration 0004).
 */
export const availabilityExceptions = pgTable(
  'availability_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    expertId: uuid('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    startMinute: smallint('start_minute'),
    endMinute: smallint('end_minute'),
  },
  (t) => [
    check(
      'availability_exceptions_shape_check',
      sql`(${t.kind} = 'blocked' and ${t.startMinute} is null and ${t.endMinute} is null) or (${t.kind} = 'custom' and 0 <= ${t.startMinute} and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440)`,
    ),
    index('availability_exceptions_expert_date_idx').on(t.expertId, t.date),
  ],
);

/**
 * Group workshops (docs/product.md "Workshops"; docs/decisions/022-workshops-seats-and-busy-time.md). A seat is a
 * session of kind 'workshop' with `workshop_id`; `seats_sold` is moved by the seats' trigger (migration 0028) and
 * with the seats offered to the waitlist never exceeds `capacity` (workshops_seats_check). Times UTC; the price per seat in integer cents.
 */
export const workshops = pgTable(
  'workshops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    expertId: uuid('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    topic: text('topic').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    capacity: integer('capacity').notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    minAttendance: integer('min_attendance'),
    status: text('status').notNull().default('draft'),
    seatsSold: integer('seats_sold').notNull().default(0),
    /** Seats offered to waiting clients (migration 0033), moved by the waitlist's trigger; never sold to anyone else. */
    seatsOffered: integer('seats_offered').notNull().default(0),
    /** Seats a sponsor reserves and nobody has taken yet (migration 0045), moved by the sponsorship's trigger. */
    seatsSponsored: integer('seats_sponsored').notNull().default(0),
    meetingUrl: text('meeting_url').notNull(),
    inviteSequence: integer('invite_sequence').notNull().default(0),
    /** The expert's reminders of the workshop, once each (migration 0034): 24 hours and 1 hour before the start. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    hourReminderSentAt: timestamp('hour_reminder_sent_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by'),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('workshops_upcoming_idx').on(t.status, t.startsAt),
    index('workshops_expert_idx').on(t.expertId, t.startsAt),
    check('workshops_title_check', sql`char_length(${t.title}) between 1 and 120`),
    check('workshops_description_check', sql`char_length(${t.description}) between 1 and 5000`),
    check('workshops_duration_check', sql`${t.durationMinutes} between 30 and 180`),
    check('workshops_ends_check', sql`${t.endsAt} = ${t.startsAt} + make_interval(mins => ${t.durationMinutes})`),
    check('workshops_capacity_check', sql`${t.capacity} between 2 and 50`),
    check('workshops_price_check', sql`${t.priceCents} between 0 and 10000`),
    check('workshops_min_attendance_check', sql`${t.minAttendance} is null or ${t.minAttendance} between 1 and ${t.capacity}`),
    check('workshops_status_check', sql`${t.status} in ('draft', 'published', 'cancelled')`),
    check('workshops_published_check', sql`${t.status} = 'draft' or ${t.publishedAt} is not null or ${t.cancelledAt} is not null`),
    check('workshops_cancelled_check', sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null)`),
    check('workshops_cancelled_by_check', sql`${t.cancelledBy} is null or ${t.cancelledBy} in ('expert', 'minimum', 'team')`),
    check(
      'workshops_seats_check',
      sql`${t.seatsSold} >= 0 and ${t.seatsOffered} >= 0 and ${t.seatsSponsored} >= 0 and ${t.seatsSold} + ${t.seatsOffered} + ${t.seatsSponsored} <= ${t.capacity}`,
    ),
    check('workshops_invite_sequence_check', sql`${t.inviteSequence} >= 0`),
  ],
);

/** Mentoring sessions (docs/product.md "Sessions"; docs/architecture.md "Data model"). Times UTC; money integer cents. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    expertId: uuid('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'restrict' }),
    expertName: text('expert_name').notNull(),
    clientName: text('client_name').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    kind: text('kind').notNull().default('paid'),
    topic: text('topic').notNull(),
    hourlyRateCents: integer('hourly_rate_cents').notNull(),
    totalAmountCents: integer('total_amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    status: text('status').notNull().default('booked'),
    clientFeedbackSubmitted: boolean('client_feedback_submitted').notNull().default(false),
    expertFeedbackSubmitted: boolean('expert_feedback_submitted').notNull().default(false),
    meetingUrl: text('meeting_url').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 (hex) of the booking request's canonical body, kept with its Idempotency-Key (null before migration 0012). */
    requestHash: text('request_hash'),
    /** The expert's cancellation policy when the session was booked: every later cancellation and refund follows it. */
    cancellationPolicy: text('cancellation_policy').$type<CancellationPolicy>().notNull(),
    /** The platform's commission when the session was booked, in basis points (docs/product.md "Earnings", migration 0032): every release is net of it. */
    platformFeeBps: integer('platform_fee_bps').notNull().default(0),
    cancelledBy: text('cancelled_by'),
    cancelReason: text('cancel_reason'),
    /** When the 24-hour reminder went out (docs/product.md "Sessions"). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** When the 1-hour reminder went out. */
    hourReminderSentAt: timestamp('hour_reminder_sent_at', { withTimezone: true }),
    /** SEQUENCE of the session's calendar invite (RFC 5545 §3.8.7.4): 0 at booking, raised by each later invite. */
    inviteSequence: integer('invite_sequence').notNull().default(0),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** While status is pending_payment (3-D Secure): the slot is held until this instant, then released (docs/product.md "Payments"). */
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    /**
     * The expert's buffers when the session was written (copied by migration 0017's trigger, whatever the insert
     * says): the expert's calendar is taken over [starts_at − before, ends_at + after) (docs/product.md "Availability").
     */
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    /** The workshop a seat is in (kind 'workshop'); null for one-to-one sessions (docs/product.md "Workshops"). */
    workshopId: uuid('workshop_id').references(() => workshops.id, { onDelete: 'restrict' }),
    /**
     * The prepaid session of a package this session was booked from (docs/product.md "Plans and packages"), and its
     * place in the package ("Package session · 2 of 4"); null for a session paid by card or free. Migration 0042.
     */
    prepaidSessionId: uuid('prepaid_session_id').references((): AnyPgColumn => prepaidSessions.id, { onDelete: 'restrict' }),
    packageSessionNumber: integer('package_session_number'),
    packageSessionCount: integer('package_session_count'),
    /** The plan subscription whose period's prepaid session this session used ("Plan session · 1 of 2 this month"); migration 0044. */
    subscriptionId: uuid('subscription_id').references((): AnyPgColumn => subscriptions.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sessions_one_seat_per_client')
      .on(t.workshopId, t.clientId)
      .where(sql`${t.workshopId} is not null and ${t.status} not in ('cancelled', 'expired')`),
    uniqueIndex('sessions_client_idempotency_key').on(t.clientId, t.idempotencyKey),
    uniqueIndex('sessions_one_intro_per_pair')
      .on(t.clientId, t.expertId)
      .where(sql`${t.kind} = 'intro' and ${t.status} <> 'cancelled'`),
    index('sessions_client_idx').on(t.clientId, t.startsAt),
    index('sessions_expert_idx').on(t.expertId, t.startsAt),
    index('sessions_status_ends_idx').on(t.status, t.endsAt),
    /** The dashboard's bookings per day; INCLUDE (status, total_amount_cents) in migration 0036 makes it index-only. */
    index('sessions_created_idx').on(t.createdAt),
    check('sessions_status_check', sql`${t.status} in ('pending_payment', 'booked', 'confirmed', 'completed', 'disputed', 'cancelled', 'expired')`),
    check('sessions_reservation_check', sql`(${t.status} = 'pending_payment') = (${t.reservedUntil} is not null)`),
    index('sessions_reservation_idx')
      .on(t.reservedUntil)
      .where(sql`${t.status} = 'pending_payment'`),
    check('sessions_kind_check', sql`${t.kind} in ('intro', 'paid', 'workshop') and (${t.kind} = 'workshop') = (${t.workshopId} is not null)`),
    check(
      'sessions_duration_check',
      sql`case when ${t.kind} = 'workshop' then ${t.durationMinutes} between 30 and 180 else ${t.durationMinutes} in (15, 30, 45, 60, 90, 120) end`,
    ),
    check('sessions_ends_check', sql`${t.endsAt} = ${t.startsAt} + make_interval(mins => ${t.durationMinutes})`),
    check('sessions_platform_fee_check', sql`${t.platformFeeBps} between 0 and 5000`),
    check(
      'sessions_amount_check',
      sql`${t.totalAmountCents} >= 0 and (${t.kind} in ('paid', 'workshop') or (${t.totalAmountCents} = 0 and ${t.durationMinutes} = 15))`,
    ),
    check('sessions_cancelled_by_check', sql`${t.cancelledBy} is null or ${t.cancelledBy} in ('client', 'expert', 'team')`),
    check('sessions_cancellation_policy_check', sql`${t.cancellationPolicy} in ('flexible', 'moderate', 'strict')`),
    check('sessions_request_hash_check', sql`${t.requestHash} is null or ${t.requestHash} ~ '^[0-9a-f]{64}$'`),
    check('sessions_invite_sequence_check', sql`${t.inviteSequence} >= 0`),
    check('sessions_buffers_check', sql`${t.bufferBeforeMinutes} between 0 and 60 and ${t.bufferAfterMinutes} between 0 and 60`),
    check(
      'sessions_package_check',
      sql`case when ${t.prepaidSessionId} is null then ${t.packageSessionNumber} is null and ${t.packageSessionCount} is null else ${t.kind} = 'paid' and ${t.packageSessionNumber} between 1 and ${t.packageSessionCount} end`,
    ),
    check('sessions_subscription_check', sql`${t.subscriptionId} is null or ${t.prepaidSessionId} is not null`),
    index('sessions_reminders_due_idx')
      .on(t.startsAt)
      .where(sql`${t.status} = 'booked' and (${t.reminderSentAt} is null or ${t.hourReminderSentAt} is null)`),
  ],
);

/**
 * The workshop waitlist (docs/product.md "Workshops"; migration 0033): one row per client in the line of a full
 * workshop, in joining order. `offered` holds a seat for the client until `offer_expires_at` (counted in
 * `workshops.seats_offered` by the table's trigger); the other ended states are kept for the record. Times UTC.
 */
export const workshopWaitlist = pgTable(
  'workshop_waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workshopId: uuid('workshop_id')
      .notNull()
      .references(() => workshops.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('waiting'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('workshop_waitlist_one_per_client')
      .on(t.workshopId, t.clientId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index('workshop_waitlist_line_idx')
      .on(t.workshopId, t.joinedAt)
      .where(sql`${t.status} = 'waiting'`),
    index('workshop_waitlist_offers_idx')
      .on(t.offerExpiresAt)
      .where(sql`${t.status} = 'offered'`),
    check('workshop_waitlist_status_check', sql`${t.status} in ('waiting', 'offered', 'claimed', 'left', 'declined', 'expired', 'closed')`),
    check('workshop_waitlist_offer_check', sql`${t.status} <> 'offered' or (${t.offeredAt} is not null and ${t.offerExpiresAt} > ${t.offeredAt})`),
    check('workshop_waitlist_ended_check', sql`(${t.status} in ('waiting', 'offered')) = (${t.endedAt} is null)`),
  ],
);

/**
 * The expert's busy time (docs/decisions/022-workshops-seats-and-busy-time.md): one row per live one-to-one session
 * (its blocked range, buffers included) and per workshop not cancelled, written only by the triggers of migration
 * 0028. Its exclusion constraint `expert_busy_no_overlap` (hand-written) keeps an expert's sessions and workshops apart.
 */
export const expertBusy = pgTable(
  'expert_busy',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    expertId: uuid('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'cascade' }),
    during: tstzrange('during').notNull(),
    sessionId: uuid('session_id')
      .unique()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    workshopId: uuid('workshop_id')
      .unique()
      .references(() => workshops.id, { onDelete: 'cascade' }),
  },
  (t) => [check('expert_busy_owner_check', sql`num_nonnulls(${t.sessionId}, ${t.workshopId}) = 1`)],
);

/**
 * One payment per paid session; the escrow state of its money (docs/architecture.md "Session and payment lifecycles"). `pending` = awaiting
 * the card's extra authentication (3-D Secure), `disputed` = the cardholder opened a chargeback (docs/product.md "Payments").
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .unique()
      .references(() => sessions.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    status: text('status').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /**
     * The part of `amount_cents` an organisation's credit pays (docs/product.md "Partners", migration 0043); the rest
     * is the card's. A payment with no card part has provider 'credit'. Refunds split in proportion (splitRefund).
     */
    creditCents: integer('credit_cents').notNull().default(0),
    /**
     * 'MEN-2026-000123' (docs/product.md "Payments", migration 0047): written by the database when the payment is paid
     * (not for a package's or plan's session, whose charge has it), consecutive per UTC year, never changed.
     */
    receiptNumber: text('receipt_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_receipt_number_unique').on(t.receiptNumber),
    check('payments_status_check', sql`${t.status} in ('pending', 'held', 'released', 'refunded', 'partially_refunded', 'failed', 'disputed', 'returned')`),
    check('payments_credit_check', sql`${t.creditCents} between 0 and ${t.amountCents} and (${t.provider} <> 'credit' or ${t.creditCents} = ${t.amountCents})`),
    index('payments_provider_ref_idx').on(t.provider, t.providerRef),
    check('payments_amount_check', sql`${t.amountCents} > 0 and ${t.refundedCents} between 0 and ${t.amountCents}`),
    check('payments_last4_check', sql`${t.cardLast4} is null or ${t.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);

/** The last receipt number given in each calendar year (UTC), by mentora_next_receipt_number (migration 0047). */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    year: integer('year').primaryKey(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [check('receipt_counters_last_number_check', sql`${t.lastNumber} >= 1`)],
);

/** Append-only ledger of money movements (docs/architecture.md "Session and payment lifecycles"). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    type: text('type').notNull(),
    amountCents: integer('amount_cents').notNull(),
    actorId: text('actor_id'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_events_payment_idx').on(t.paymentId),
    /** The dashboard's commission and refunds per day; INCLUDE (type, amount_cents) in migration 0036. */
    index('payment_events_dashboard_idx')
      .on(t.createdAt)
      .where(sql`${t.type} in ('fee', 'refund')`),
    check('payment_events_type_check', sql`${t.type} in ('hold', 'release', 'refund', 'dispute', 'fee', 'return')`),
    check('payment_events_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

/**
 * Money the processor must give back that it failed to (docs/decisions/029-answers-after-commit.md): the hold of a
 * booking the database refused, the authorisation of a lapsed 3-D Secure reservation, a plan's renewal invoice to
 * void. Each row is the whole `amount_cents` of `provider_ref`, refunded or voided by
 * modules/payments/payment-retry-service.ts with the first attempt's `idempotency_key` until the processor confirms
 * (`done_at`); `why` says what it is for. With `transfer_to`, instead money it must pay out: a partner credit's share
 * transferred to an expert's connected account.
 */
export const paymentRetries = pgTable(
  'payment_retries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    why: text('why').notNull(),
    /** A transfer to this connected account, of `amountCents` in `currency`, rather than a give-back (migration 0058). */
    transferTo: text('transfer_to'),
    currency: text('currency'),
    attempts: integer('attempts').notNull().default(1),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('payment_retries_amount_check', sql`${t.amountCents} > 0`),
    check('payment_retries_transfer_check', sql`(${t.transferTo} is null) = (${t.currency} is null)`),
    index('payment_retries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.doneAt} is null`),
  ],
);

/** Public feedback, one per session (docs/product.md "Feedback and reviews"); answers stored as the option's words. */
export const sessionFeedback = pgTable(
  'session_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .unique()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expertId: uuid('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'cascade' }),
    expertiseRating: text('expertise_rating').notNull(),
    communicationRating: text('communication_rating').notNull(),
    punctualityRating: text('punctuality_rating').notNull(),
    valueRating: text('value_rating').notNull(),
    recommendationRating: text('recommendation_rating').notNull(),
    additionalComments: text('additional_comments'),
    /** Average of the five answers mapped 5..1. */
    score: numeric('score', { precision: 3, scale: 2, mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('session_feedback_expert_idx').on(t.expertId, t.createdAt)],
);

/**
 * The public reviews (migration 0012's view): feedback of paid sessions that took place — confirmed or completed,
 * without a dispute decided for the client. Profiles list these, and experts.rating_avg / review_count count them.
 */
export const publicReviews = pgView('public_reviews', {
  id: uuid('id').notNull(),
  sessionId: uuid('session_id').notNull(),
  clientId: text('client_id').notNull(),
  expertId: uuid('expert_id').notNull(),
  expertiseRating: text('expertise_rating').notNull(),
  communicationRating: text('communication_rating').notNull(),
  punctualityRating: text('punctuality_rating').notNull(),
  valueRating: text('value_rating').notNull(),
  recommendationRating: text('recommendation_rating').notNull(),
  additionalComments: text('additional_comments'),
  score: numeric('score', { precision: 3, scale: 2, mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}).existing();

/** Comments for the team only (docs/product.md "Feedback and reviews"). */
export const privateFeedback = pgTable('private_feedback', {
  id: uuid('id').primaryKey().defaultRandom(),
  expertId: uuid('expert_id')
    .notNull()
    .references(() => experts.id, { onDelete: 'cascade' }),
  authorId: text('author_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  comments: text('comments').notNull(),
  handledAt: timestamp('handled_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** A client's report that a session did not go as booked; decided by the team (docs/product.md "Disputes"). */
export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .unique()
      .references(() => sessions.id, { onDelete: 'restrict' }),
    clientId: text('client_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    description: text('description').notNull(),
    status: text('status').notNull().default('open'),
    decision: text('decision'),
    refundCents: integer('refund_cents'),
    resolutionNote: text('resolution_note'),
    resolvedBy: text('resolved_by').references(() => user.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('disputes_status_check', sql`${t.status} in ('open', 'resolved')`),
    check('disputes_decision_check', sql`${t.decision} is null or ${t.decision} in ('client', 'expert')`),
    index('disputes_created_idx').on(t.createdAt),
    index('disputes_resolved_idx')
      .on(t.resolvedAt)
      .where(sql`${t.resolvedAt} is not null`),
  ],
);

/**
 * A party's report that the other did not attend a session (docs/product.md "No-shows"), one per session; the other
 * party may contest it until `respondBy`. Migration 0019 also holds the trigger that keeps a session with an open
 * report from being confirmed or completed.
 */
export const noShowReports = pgTable(
  'no_show_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .unique()
      .references(() => sessions.id, { onDelete: 'restrict' }),
    reportedBy: text('reported_by').$type<'client' | 'expert'>().notNull(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    statement: text('statement').notNull().default(''),
    status: text('status').$type<'open' | 'contested' | 'upheld'>().notNull().default('open'),
    respondBy: timestamp('respond_by', { withTimezone: true }).notNull(),
    contestStatement: text('contest_statement'),
    contestedAt: timestamp('contested_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('no_show_reports_reported_by_check', sql`${t.reportedBy} in ('client', 'expert')`),
    check('no_show_reports_status_check', sql`${t.status} in ('open', 'contested', 'upheld')`),
    check('no_show_reports_statement_check', sql`char_length(${t.statement}) <= 5000 and char_length(coalesce(${t.contestStatement}, '')) <= 5000`),
    check(
      'no_show_reports_contest_check',
      sql`(${t.status} = 'contested') = (${t.contestedAt} is not null) and (${t.contestedAt} is null) = (${t.contestStatement} is null)`,
    ),
    check('no_show_reports_resolved_check', sql`(${t.status} = 'open') = (${t.resolvedAt} is null)`),
    check('no_show_reports_respond_by_check', sql`${t.respondBy} > ${t.createdAt}`),
    index('no_show_reports_open_due_idx')
      .on(t.respondBy)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * Each account's private calendar subscription address (docs/product.md "Calendar feed"), one per account: only the
 * SHA-256 (hex) of the address's token is kept, never the token (docs/security.md "Calendar feed address"). A reset
 * replaces the hash, so the old address stops answering.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [check('calendar_feeds_token_hash_check', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`)],
);

/**
 * Uploaded files (docs/product.md "Uploads"): CVs are private (owner and admins), photos and intro videos are public. The bytes
 * live in the StorageDriver under `storage_key`, chosen by the server (never from the file's name);
 * `original_name` is a sanitised display name only. `content_type` is decided from the bytes, not the name.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** When a photo or video was last attached to its owner's profile; null = never (migration 0013). */
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('files_purpose_check', sql`${t.purpose} in ('cv', 'photo', 'video', 'attachment', 'logo')`),
    check('files_size_check', sql`${t.sizeBytes} > 0`),
    check('files_name_check', sql`char_length(${t.originalName}) between 1 and 255`),
    index('files_owner_idx').on(t.ownerId, t.createdAt),
  ],
);

/**
 * Uploads per account per UTC day (docs/security.md "Uploads"): the budget in src/shared/uploads.ts is
 * reserved here by one conditional upsert, so concurrent uploads cannot overrun it, and deleting a file
 * does not give its share back.
 */
export const uploadUsage = pgTable(
  'upload_usage',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    files: integer('files').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'upload_usage_pk', columns: [t.userId, t.day] }), check('upload_usage_counts_check', sql`${t.files} >= 0 and ${t.bytes} >= 0`)],
);

/**
 * Expert applications (docs/product.md "Expert applications"). One open application
 * (submitted, pending, under_review) per user at a time; a rejected applicant may apply again.
 * `status_note` is the team's note shown on the dashboard (e.g. the reason for a rejection);
 * `expert_id` is the profile published on approval.
 */
export const expertApplications = pgTable(
  'expert_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    professionalTitle: text('professional_title').notNull(),
    yearsExperience: text('years_experience').notNull(),
    linkedinProfile: text('linkedin_profile'),
    cvFileId: uuid('cv_file_id').references(() => files.id, { onDelete: 'set null' }),
    cvFileName: text('cv_file_name'),
    selectedExpertise: text('selected_expertise').array().notNull(),
    whyExpert: text('why_expert').notNull(),
    referenceName: text('reference_name'),
    referencePosition: text('reference_position'),
    referenceEmail: text('reference_email'),
    status: text('status').notNull().default('submitted'),
    statusNote: text('status_note'),
    reviewedBy: text('reviewed_by').references(() => user.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    expertId: uuid('expert_id').references(() => experts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('expert_applications_status_check', sql`${t.status} in ('submitted', 'pending', 'under_review', 'approved', 'rejected')`),
    check('expert_applications_years_check', sql`${t.yearsExperience} in ('0-2', '3-5', '6-10', '11-15', '16+')`),
    check('expert_applications_expertise_count', sql`cardinality(${t.selectedExpertise}) between 1 and 3`),
    uniqueIndex('expert_applications_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} in ('submitted', 'pending', 'under_review')`),
    index('expert_applications_user_idx').on(t.userId, t.createdAt),
    index('expert_applications_status_idx').on(t.status, t.createdAt),
    index('expert_applications_cv_file_idx')
      .on(t.cvFileId)
      .where(sql`${t.cvFileId} is not null`),
  ],
);

/** Every team-console action (docs/product.md "Team console"): who did what to which record, when. Append-only. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  // By subject: a person's page gathers the actions about everything that belongs to them (docs/product.md "People").
  (t) => [index('admin_audit_log_created_idx').on(t.createdAt), index('admin_audit_log_target_idx').on(t.targetType, t.targetId)],
);

/**
 * Stripe webhook events already applied (docs/product.md "Payments"): the event id is the key, inserted in the same
 * transaction as the ledger change, so a replayed event changes nothing.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The history of a session's moves (docs/product.md "Reschedule"): previous and new start, who moved it ('client'
 * rescheduled it; 'expert' when the client accepted the expert's proposal) and when. The session row holds the
 * current time.
 */
export const sessionMoves = pgTable(
  'session_moves',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'restrict' }),
    fromStartsAt: timestamp('from_starts_at', { withTimezone: true }).notNull(),
    toStartsAt: timestamp('to_starts_at', { withTimezone: true }).notNull(),
    movedBy: text('moved_by').$type<'client' | 'expert'>().notNull(),
    movedAt: timestamp('moved_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('session_moves_moved_by_check', sql`${t.movedBy} in ('client', 'expert')`),
    check('session_moves_change_check', sql`${t.fromStartsAt} <> ${t.toStartsAt}`),
    index('session_moves_session_idx').on(t.sessionId, t.movedAt),
  ],
);

/**
 * The expert's proposals to move a booked session (docs/product.md "Reschedule proposals"): one open proposal per
 * session (partial unique index); the client accepts or declines it; unanswered, it expires at `expiresAt` (the
 * session's start when it was made). `answeredAt` is set exactly when it leaves 'open'.
 */
export const rescheduleProposals = pgTable(
  'reschedule_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'restrict' }),
    proposedStartsAt: timestamp('proposed_starts_at', { withTimezone: true }).notNull(),
    message: text('message'),
    status: text('status').$type<'open' | 'accepted' | 'declined' | 'expired' | 'withdrawn'>().notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    check('reschedule_proposals_status_check', sql`${t.status} in ('open', 'accepted', 'declined', 'expired', 'withdrawn')`),
    check('reschedule_proposals_message_check', sql`char_length(coalesce(${t.message}, '')) <= 1000`),
    check('reschedule_proposals_answered_check', sql`(${t.status} = 'open') = (${t.answeredAt} is null)`),
    check('reschedule_proposals_expires_check', sql`${t.expiresAt} > ${t.createdAt}`),
    uniqueIndex('reschedule_proposals_one_open_per_session')
      .on(t.sessionId)
      .where(sql`${t.status} = 'open'`),
    index('reschedule_proposals_open_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * Conversations (docs/product.md "Messages"): one per client–expert pair (unique), started by the client from the
 * expert's profile, or by either party from a session page. For each side, the time of the last message it has read
 * (`*ReadAt`, the `created_at` of that message) and how many of the other side's messages it has not read yet.
 * `lastMessageAt` orders the inbox. Only the two participants read it (docs/security.md "Messages"). Migration
 * 0026's trigger refuses a conversation of an expert with their own account.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expertId: uuid('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'cascade' }),
    startedBy: text('started_by').$type<'client' | 'expert'>().notNull(),
    createdAt: createdAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    clientReadAt: timestamp('client_read_at', { withTimezone: true }),
    expertReadAt: timestamp('expert_read_at', { withTimezone: true }),
    clientUnread: integer('client_unread').notNull().default(0),
    expertUnread: integer('expert_unread').notNull().default(0),
    /** Per side, the send time of the newest message an unread-message e-mail already covered (migration 0027). */
    clientEmailedAt: timestamp('client_emailed_at', { withTimezone: true }),
    expertEmailedAt: timestamp('expert_emailed_at', { withTimezone: true }),
    /** Per side, when it blocked the other (migration 0030): the blocked side can no longer send here. */
    clientBlockedAt: timestamp('client_blocked_at', { withTimezone: true }),
    expertBlockedAt: timestamp('expert_blocked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conversations_pair_unique').on(t.clientId, t.expertId),
    check('conversations_started_by_check', sql`${t.startedBy} in ('client', 'expert')`),
    check('conversations_unread_check', sql`${t.clientUnread} >= 0 and ${t.expertUnread} >= 0`),
    index('conversations_client_recent_idx').on(t.clientId, t.lastMessageAt),
    index('conversations_expert_recent_idx').on(t.expertId, t.lastMessageAt),
    index('conversations_started_idx').on(t.clientId, t.startedBy, t.createdAt),
    index('conversations_unread_idx')
      .on(t.lastMessageAt)
      .where(sql`${t.clientUnread} > 0 or ${t.expertUnread} > 0`),
  ],
);

/**
 * Messages of a conversation (docs/product.md "Messages"). The id is the sender's own uuid, made by the browser, so
 * a retried send finds its first row instead of adding one. `senderRole` names which of the conversation's two
 * participants wrote it, so a message can only ever come from one of them. Text only, trimmed, 1–5 000 characters, or
 * 0–5 000 with an attachment (migration 0035).
 * `createdAt` is taken after the conversation's row is locked, so it grows in the order messages are committed.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderRole: text('sender_role').$type<'client' | 'expert'>().notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** A PDF or image sent with the message (files purpose 'attachment', migration 0030); one message per file. */
    attachmentFileId: uuid('attachment_file_id').references(() => files.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('messages_sender_role_check', sql`${t.senderRole} in ('client', 'expert')`),
    uniqueIndex('messages_attachment_unique')
      .on(t.attachmentFileId)
      .where(sql`${t.attachmentFileId} is not null`),
    check(
      'messages_body_check',
      sql`char_length(${t.body}) <= 5000 and ${t.body} = btrim(${t.body}, E' \\t\\n\\r') and (char_length(${t.body}) >= 1 or ${t.attachmentFileId} is not null)`,
    ),
    index('messages_conversation_time_idx').on(t.conversationId, t.createdAt, t.id),
  ],
);

/**
 * Each account's live-update stream (docs/architecture.md "Message stream"): what its open pages must learn — a new
 * message, a read receipt — with the account's unread count then. The id is the stream's event id: rows of one account
 * are inserted under a per-account lock, so their ids grow in commit order and a stream resumed after id N misses
 * nothing committed after it.
 */
export const streamEvents = pgTable(
  'stream_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'message' | 'read' | 'block'>().notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('stream_events_kind_check', sql`${t.kind} in ('message', 'read', 'block')`),
    index('stream_events_user_idx').on(t.userId, t.id),
    index('stream_events_created_idx').on(t.createdAt),
  ],
);

/**
 * Each account's unread messages in all its conversations (docs/decisions/020-message-stream.md), kept by migration
 * 0035's trigger on `conversations`: every change of a side's unread count is added to that side's account in the same
 * transaction. No row: none unread.
 */
export const messageUnread = pgTable(
  'message_unread',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    unread: integer('unread').notNull().default(0),
  },
  (t) => [check('message_unread_check', sql`${t.unread} >= 0`)],
);

/**
 * Reports of a conversation to the team (docs/product.md "Messages"): who reported whom and why. One open report per
 * conversation and reporter; the team dismisses it or suspends the reported account's messaging (`handledAt`, `handledBy`).
 */
export const conversationReports = pgTable(
  'conversation_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reportedId: text('reported_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: text('status').$type<'open' | 'dismissed' | 'suspended'>().notNull().default('open'),
    createdAt: createdAt(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: text('handled_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('conversation_reports_status_check', sql`${t.status} in ('open', 'dismissed', 'suspended')`),
    check('conversation_reports_reason_check', sql`char_length(${t.reason}) between 1 and 2000`),
    check('conversation_reports_handled_check', sql`(${t.status} = 'open') = (${t.handledAt} is null)`),
    check('conversation_reports_two_people_check', sql`${t.reporterId} <> ${t.reportedId}`),
    uniqueIndex('conversation_reports_one_open')
      .on(t.conversationId, t.reporterId)
      .where(sql`${t.status} = 'open'`),
    index('conversation_reports_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Partner organisations (docs/product.md "Partners"): universities and companies that fund mentoring for their people.
 * `balance_cents` is the credit available and `reserved_cents` the credit held for bookings; each moves only together
 * with a `credit_ledger` entry, and the CHECKs keep both at or above zero under any concurrency (decision 031).
 */
export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    billingEmail: text('billing_email').notNull(),
    emailDomains: text('email_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    enquiryId: uuid('enquiry_id').references(() => partnerEnquiries.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    /** The organisation's logo (files purpose 'logo', migration 0056); public while named here. */
    logoFileId: uuid('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
    balanceCents: integer('balance_cents').notNull().default(0),
    reservedCents: integer('reserved_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('organisations_name_check', sql`char_length(${t.name}) between 1 and 200`),
    check('organisations_kind_check', sql`${t.kind} in ('university', 'company', 'other')`),
    check('organisations_balance_check', sql`${t.balanceCents} >= 0`),
    check('organisations_reserved_check', sql`${t.reservedCents} >= 0`),
    index('organisations_logo_file_idx').on(t.logoFileId),
  ],
);

/** Who manages each organisation at /partner (docs/product.md "Partners"); a person may manage several. */
export const organisationManagers = pgTable(
  'organisation_managers',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.userId] }), index('organisation_managers_user_idx').on(t.userId)],
);

/** Manager invitations by e-mail; only the SHA-256 of the link's token is stored. */
export const organisationInvitations = pgTable(
  'organisation_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    acceptedBy: text('accepted_by').references(() => user.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('organisation_invitations_accepted_check', sql`(${t.acceptedAt} is null) = (${t.acceptedBy} is null)`),
    index('organisation_invitations_organisation_idx').on(t.organisationId, t.createdAt),
  ],
);

/** Free credit the team grants (a pilot), with what of it is still unspent and when that part expires. */
export const creditGrants = pgTable(
  'credit_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    remainingCents: integer('remaining_cents').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    note: text('note').notNull(),
    warned14At: timestamp('warned_14_at', { withTimezone: true }),
    warned3At: timestamp('warned_3_at', { withTimezone: true }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('credit_grants_amount_check', sql`${t.amountCents} > 0`),
    check('credit_grants_remaining_check', sql`${t.remainingCents} between 0 and ${t.amountCents}`),
    check('credit_grants_note_check', sql`char_length(${t.note}) between 1 and 500`),
    index('credit_grants_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.retiredAt} is null`),
  ],
);

/** Paid credit: by card through the payment provider, or a bank transfer the team records with its invoice reference. */
export const creditPurchases = pgTable(
  'credit_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    method: text('method').notNull(),
    provider: text('provider'),
    providerRef: text('provider_ref'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    invoiceReference: text('invoice_reference'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    buyerId: text('buyer_id').references(() => user.id, { onDelete: 'set null' }),
    /**
     * 'pending' while the bank confirms a card (3-D Secure), 'paid', 'failed' (migration 0049), or 'expired' when the
     * confirmation was abandoned (migration 0052).
     */
    status: text('status').$type<CreditPurchaseStatus>().notNull().default('paid'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** 'MEN-2026-000123', given by a trigger when the purchase is paid (decision 037; migration 0049). */
    receiptNumber: text('receipt_number'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('credit_purchases_idempotency_unique').on(t.organisationId, t.idempotencyKey),
    uniqueIndex('credit_purchases_receipt_number_unique').on(t.receiptNumber),
    index('credit_purchases_pending_ref_idx')
      .on(t.providerRef)
      .where(sql`${t.status} = 'pending'`),
    index('credit_purchases_pending_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('credit_purchases_status_check', sql`${t.status} in ('pending', 'paid', 'failed', 'expired') and (${t.method} = 'card' or ${t.status} = 'paid')`),
    check('credit_purchases_paid_check', sql`(${t.status} = 'paid') = (${t.paidAt} is not null) and (${t.status} = 'paid') = (${t.receiptNumber} is not null)`),
    check('credit_purchases_amount_check', sql`${t.amountCents} > 0`),
    check(
      'credit_purchases_method_check',
      sql`(${t.method} = 'card' and ${t.providerRef} is not null and ${t.invoiceReference} is null) or (${t.method} = 'invoice' and ${t.invoiceReference} is not null and ${t.providerRef} is null)`,
    ),
  ],
);

/**
 * The credit ledger, append-only: `amount_cents` is the entry's change of the available balance and
 * `reserved_change_cents` of the reserved credit, so the sums equal the organisation's two columns; the kind fixes the
 * signs (decision 031). `balance_after_cents` is the available balance once the entry is written.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reservedChangeCents: integer('reserved_change_cents').notNull().default(0),
    balanceAfterCents: integer('balance_after_cents').notNull(),
    purchaseId: uuid('purchase_id').references(() => creditPurchases.id, { onDelete: 'restrict' }),
    grantId: uuid('grant_id').references(() => creditGrants.id, { onDelete: 'restrict' }),
    /** The booking a reservation, spend or return is for (migration 0043). */
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'restrict' }),
    note: text('note'),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'credit_ledger_kind_check',
      sql`(${t.kind} in ('purchase', 'grant') and ${t.amountCents} > 0 and ${t.reservedChangeCents} = 0)
		or (${t.kind} = 'reservation' and ${t.amountCents} < 0 and ${t.reservedChangeCents} = -${t.amountCents})
		or (${t.kind} = 'spend' and ${t.amountCents} = 0 and ${t.reservedChangeCents} < 0)
		or (${t.kind} = 'return' and ${t.amountCents} > 0 and ${t.reservedChangeCents} = -${t.amountCents})
		or (${t.kind} = 'expiry' and ${t.amountCents} < 0 and ${t.reservedChangeCents} = 0)
		or (${t.kind} = 'adjustment' and ${t.amountCents} <> 0 and ${t.reservedChangeCents} = 0)`,
    ),
    check('credit_ledger_balance_after_check', sql`${t.balanceAfterCents} >= 0`),
    check('credit_ledger_purchase_check', sql`(${t.kind} = 'purchase') = (${t.purchaseId} is not null)`),
    check('credit_ledger_grant_check', sql`(${t.kind} = 'grant' or ${t.kind} = 'expiry') = (${t.grantId} is not null)`),
    check('credit_ledger_session_check', sql`(${t.kind} in ('reservation', 'spend', 'return')) = (${t.sessionId} is not null)`),
    index('credit_ledger_session_idx').on(t.sessionId),
    uniqueIndex('credit_ledger_one_expiry_per_grant')
      .on(t.grantId)
      .where(sql`${t.kind} = 'expiry'`),
    // A purchase adds its credit once, however many times its payment is settled (migration 0049).
    uniqueIndex('credit_ledger_one_entry_per_purchase')
      .on(t.purchaseId)
      .where(sql`${t.kind} = 'purchase'`),
    index('credit_ledger_organisation_idx').on(t.organisationId, t.createdAt),
  ],
);

/**
 * Monthly statements sent (docs/product.md "Reports"; migration 0047): one per organisation and UTC month, named by
 * its first day, written with the statement's e-mails so that several servers send a month's statement once.
 */
export const partnerStatements = pgTable(
  'partner_statements',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.month] }), check('partner_statements_month_check', sql`extract(day from ${t.month}) = 1`)],
);

/**
 * An expert's session package offer (docs/product.md "Plans and packages"; migration 0042): `session_count` sessions
 * of `duration_minutes` for `price_cents`, valid `validity_months` after purchase; at expiry the unused sessions'
 * shares are refunded to the client (`refund`) or released to the expert (`release`). `open` = offered to new buyers.
 */
export const packages = pgTable(
  'packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    expertId: uuid('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'restrict' }),
    sessionCount: integer('session_count').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    priceCents: integer('price_cents').notNull(),
    validityMonths: integer('validity_months').notNull(),
    expiryRule: text('expiry_rule').$type<'refund' | 'release'>().notNull().default('refund'),
    open: boolean('open').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('packages_expert_idx').on(t.expertId),
    check('packages_session_count_check', sql`${t.sessionCount} between 2 and 20`),
    check('packages_duration_check', sql`${t.durationMinutes} in (15, 30, 45, 60, 90, 120)`),
    check('packages_price_check', sql`${t.priceCents} between 1000 and 1000000 and ${t.priceCents} >= ${t.sessionCount} * 100`),
    check('packages_validity_check', sql`${t.validityMonths} between 1 and 12`),
    check('packages_expiry_rule_check', sql`${t.expiryRule} in ('refund', 'release')`),
  ],
);

/**
 * A client's purchase of a package with the offer's terms frozen (count, length, price, validity, expiry rule) and
 * the platform's commission as it was; paid by card (`provider_ref` at the processor). `settled_at`: when its unused
 * sessions were given back or released, at its expiry or when it ended early (`ended_by`). The deferred trigger `package_purchases_shares` checks its prepaid
 * sessions are exactly `session_count` whose shares sum to `price_cents` (migration 0042).
 */
export const packagePurchases = pgTable(
  'package_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'restrict' }),
    clientId: text('client_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    expertId: uuid('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'restrict' }),
    expertName: text('expert_name').notNull(),
    clientName: text('client_name').notNull(),
    sessionCount: integer('session_count').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    priceCents: integer('price_cents').notNull(),
    validityMonths: integer('validity_months').notNull(),
    expiryRule: text('expiry_rule').$type<'refund' | 'release'>().notNull(),
    platformFeeBps: integer('platform_fee_bps').notNull(),
    currency: text('currency').notNull().default('USD'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** 'MEN-2026-000123', written by the database on insert (migration 0047; see payments.receipt_number). */
    receiptNumber: text('receipt_number'),
    warned14At: timestamp('warned_14_at', { withTimezone: true }),
    warned3At: timestamp('warned_3_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * Who ended the package before its expiry (migration 0051): 'expert' hid their profile, 'team' refunded it from the
     * console, suspended or unpublished its expert, or its charge was disputed. Set exactly when it was settled before
     * its expiry (the expiry job settles only once it has expired).
     */
    endedBy: text('ended_by').$type<'expert' | 'team'>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('package_purchases_client_idempotency_key').on(t.clientId, t.idempotencyKey),
    uniqueIndex('package_purchases_receipt_number_unique').on(t.receiptNumber),
    check('package_purchases_receipt_number_check', sql`${t.receiptNumber} is not null`),
    index('package_purchases_client_idx').on(t.clientId, t.createdAt),
    index('package_purchases_expert_idx').on(t.expertId, t.createdAt),
    index('package_purchases_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.settledAt} is null`),
    check('package_purchases_session_count_check', sql`${t.sessionCount} between 2 and 20`),
    check('package_purchases_price_check', sql`${t.priceCents} >= ${t.sessionCount}`),
    check('package_purchases_expiry_rule_check', sql`${t.expiryRule} in ('refund', 'release')`),
    check('package_purchases_platform_fee_check', sql`${t.platformFeeBps} between 0 and 5000`),
    check('package_purchases_expires_check', sql`${t.expiresAt} > ${t.createdAt}`),
    check('package_purchases_last4_check', sql`${t.cardLast4} is null or ${t.cardLast4} ~ '^[0-9]{4}$'`),
    check('package_purchases_request_hash_check', sql`${t.requestHash} ~ '^[0-9a-f]{64}$'`),
    check('package_purchases_ended_by_check', sql`${t.endedBy} in ('expert', 'team')`),
    check('package_purchases_ended_by_settled_check', sql`(${t.endedBy} is not null) = coalesce(${t.settledAt} < ${t.expiresAt}, false)`),
  ],
);

/**
 * A card payment for a package, or the start of a plan, awaiting the bank's 3-D Secure step (migration 0054;
 * docs/product.md "Plans and packages"): `provider_ref` is the PaymentIntent (or a trial's SetupIntent) the browser
 * confirms, `terms` what was frozen when the client paid; with Stripe Billing `provider_subscription_ref` is the
 * Subscription awaiting its first payment and `saved_card_ref` the card. `pending` until the processor says the bank
 * confirmed (`paid`: the purchase or subscription of the same id is written) or refused (`failed`), or a day passes
 * (`expired`, abandoned: nothing bought, nothing charged).
 */
export const cardConfirmations = pgTable(
  'card_confirmations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    packageId: uuid('package_id').references(() => packages.id, { onDelete: 'restrict' }),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'restrict' }),
    terms: jsonb('terms').$type<Record<string, unknown>>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull().unique('card_confirmations_provider_ref_unique'),
    providerSubscriptionRef: text('provider_subscription_ref'),
    savedCardRef: text('saved_card_ref'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status').$type<'pending' | 'paid' | 'failed' | 'expired'>().notNull().default('pending'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('card_confirmations_package_key')
      .on(t.clientId, t.idempotencyKey)
      .where(sql`${t.packageId} is not null`),
    uniqueIndex('card_confirmations_plan_key')
      .on(t.clientId, t.idempotencyKey)
      .where(sql`${t.planId} is not null`),
    index('card_confirmations_pending_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('card_confirmations_offer_check', sql`num_nonnulls(${t.packageId}, ${t.planId}) = 1`),
    check('card_confirmations_amount_check', sql`${t.amountCents} > 0 or (${t.planId} is not null and ${t.amountCents} = 0)`),
    check('card_confirmations_status_check', sql`${t.status} in ('pending', 'paid', 'failed', 'expired')`),
    check('card_confirmations_settled_check', sql`(${t.status} = 'pending') = (${t.settledAt} is null)`),
    check('card_confirmations_request_hash_check', sql`${t.requestHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * One prepaid session of a package's purchase or of a plan's period (an entitlement to book one session with no card
 * step): its number 1..N and its share of the price in cents (0 in a free trial). `available` → `booked` (session_id set) → back to `available` when a cancellation
 * refunds its session in full; at expiry an available one is `refunded` or `released` (settled_at), once.
 */
export const prepaidSessions = pgTable(
  'prepaid_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: uuid('purchase_id').references(() => packagePurchases.id, { onDelete: 'restrict' }),
    periodId: uuid('period_id').references((): AnyPgColumn => planPeriods.id, { onDelete: 'restrict' }),
    number: integer('number').notNull(),
    shareCents: integer('share_cents').notNull(),
    status: text('status').$type<'available' | 'booked' | 'refunded' | 'released'>().notNull().default('available'),
    sessionId: uuid('session_id').references((): AnyPgColumn => sessions.id, { onDelete: 'restrict' }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('prepaid_sessions_number_unique').on(t.purchaseId, t.number),
    uniqueIndex('prepaid_sessions_session_unique')
      .on(t.sessionId)
      .where(sql`${t.sessionId} is not null`),
    uniqueIndex('prepaid_sessions_period_number_unique')
      .on(t.periodId, t.number)
      .where(sql`${t.periodId} is not null`),
    check('prepaid_sessions_owner_check', sql`num_nonnulls(${t.purchaseId}, ${t.periodId}) = 1`),
    check('prepaid_sessions_share_check', sql`${t.shareCents} > 0 or (${t.periodId} is not null and ${t.shareCents} = 0)`),
    check('prepaid_sessions_number_check', sql`${t.number} >= 1`),
    check('prepaid_sessions_status_check', sql`${t.status} in ('available', 'booked', 'refunded', 'released')`),
    check('prepaid_sessions_booked_check', sql`(${t.status} = 'booked') = (${t.sessionId} is not null)`),
    check('prepaid_sessions_settled_check', sql`(${t.status} in ('refunded', 'released')) = (${t.settledAt} is not null)`),
  ],
);

/**
 * The ledger of a purchase's money not drawn into a session (append-only): the 'charge' of the card, and per unused
 * prepaid session its 'refund' to the client or its 'release' to the expert (net) with the platform's 'fee'. The
 * unique indexes make one charge per purchase and one settlement of each kind per prepaid session.
 */
export const packageEvents = pgTable(
  'package_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: uuid('purchase_id').references(() => packagePurchases.id, { onDelete: 'restrict' }),
    /** Or the plan period whose money the entry moves (migration 0044): exactly one of purchase and period. */
    periodId: uuid('period_id').references((): AnyPgColumn => planPeriods.id, { onDelete: 'restrict' }),
    prepaidSessionId: uuid('prepaid_session_id').references(() => prepaidSessions.id, { onDelete: 'restrict' }),
    type: text('type').$type<'charge' | 'refund' | 'release' | 'fee'>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    actorId: text('actor_id'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('package_events_purchase_idx').on(t.purchaseId),
    uniqueIndex('package_events_one_charge')
      .on(t.purchaseId)
      .where(sql`${t.type} = 'charge'`),
    uniqueIndex('package_events_one_settlement')
      .on(t.prepaidSessionId, t.type)
      .where(sql`${t.prepaidSessionId} is not null`),
    check('package_events_type_check', sql`${t.type} in ('charge', 'refund', 'release', 'fee')`),
    check('package_events_amount_check', sql`${t.amountCents} >= 0`),
    check('package_events_prepaid_check', sql`(${t.type} = 'charge') = (${t.prepaidSessionId} is null)`),
    check('package_events_owner_check', sql`num_nonnulls(${t.purchaseId}, ${t.periodId}) = 1`),
    index('package_events_period_idx')
      .on(t.periodId)
      .where(sql`${t.periodId} is not null`),
    uniqueIndex('package_events_one_period_charge')
      .on(t.periodId)
      .where(sql`${t.type} = 'charge' and ${t.periodId} is not null`),
  ],
);

/**
 * An expert's monthly plan (docs/product.md "Plans and packages"): `session_count` sessions of `duration_minutes` a
 * month for `price_cents`, what chat includes, an optional free trial of 7 or 14 days; `open` = offered to new
 * subscribers. At most three per expert: one per `slot` 1..3.
 */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    expertId: uuid('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'restrict' }),
    slot: integer('slot').notNull(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    sessionCount: integer('session_count').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    chatPromise: text('chat_promise').notNull(),
    trialDays: integer('trial_days').notNull().default(0),
    open: boolean('open').notNull().default(true),
    /** The plan's Stripe Product, made at its first subscription with Stripe Billing (migration 0048). */
    stripeProductId: text('stripe_product_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('plans_expert_slot_unique').on(t.expertId, t.slot),
    check('plans_slot_check', sql`${t.slot} between 1 and 3`),
    check('plans_name_check', sql`char_length(${t.name}) between 1 and 60`),
    check('plans_session_count_check', sql`${t.sessionCount} between 1 and 8`),
    check('plans_duration_check', sql`${t.durationMinutes} in (15, 30, 45, 60, 90, 120)`),
    check('plans_price_check', sql`${t.priceCents} between 1000 and 1000000 and ${t.priceCents} >= ${t.sessionCount} * 100`),
    check('plans_chat_check', sql`char_length(${t.chatPromise}) between 1 and 200`),
    check('plans_trial_check', sql`${t.trialDays} in (0, 7, 14)`),
  ],
);

/**
 * A plan's Stripe Prices (migration 0048): one per monthly price and currency, made at the first subscription at that
 * price. A price change makes a new Price; subscriptions made under the old one keep it at Stripe, as here.
 */
export const stripePlanPrices = pgTable(
  'stripe_plan_prices',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull(),
    priceId: text('price_id').notNull().unique('stripe_plan_prices_price_id_unique'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'stripe_plan_prices_pkey', columns: [t.planId, t.priceCents, t.currency] })],
);

/** A client's Stripe Customer (migration 0048), made at their first plan subscription with Stripe Billing. */
export const stripeCustomers = pgTable('stripe_customers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'restrict' }),
  customerId: text('customer_id').notNull().unique('stripe_customers_customer_id_unique'),
  createdAt: createdAt(),
});

/**
 * A client's subscription to a plan, its terms frozen (name, price, sessions, length, chat, commission) until they
 * change plan. `current_period_*`: the period now running; `cancel_at_period_end`: the client cancelled, the plan
 * ends with the period. `past_due` while failed renewals are retried (`failed_attempts`, `next_attempt_at`); ended
 * (`ended_at`) as `cancelled`, `lapsed` (renewals failed) or `ended` (by the expert or the team). The card is kept at
 * the processor (`saved_card_ref`), never here. One live subscription per client and expert; one trial ever.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    clientId: text('client_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    expertId: uuid('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'restrict' }),
    expertName: text('expert_name').notNull(),
    clientName: text('client_name').notNull(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    sessionCount: integer('session_count').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    chatPromise: text('chat_promise').notNull(),
    platformFeeBps: integer('platform_fee_bps').notNull(),
    currency: text('currency').notNull().default('USD'),
    status: text('status').$type<'trialing' | 'active' | 'past_due' | 'cancelled' | 'lapsed' | 'ended'>().notNull(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    provider: text('provider').notNull(),
    /** The card at the processor: a simulated saved card, or with Stripe Billing the Subscription's PaymentMethod. */
    savedCardRef: text('saved_card_ref').notNull(),
    /** With Stripe Billing, the Stripe Subscription that renews it (migration 0048); null when Mentora's job renews it. */
    providerSubscriptionRef: text('provider_subscription_ref'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason'),
    /** Who ended a plan ended early (status 'ended', and only then): the expert or the team (migration 0050). */
    endedBy: text('ended_by').$type<'expert' | 'team'>(),
    /** A renewal's Stripe Invoice whose bank asked for 3-D Secure, awaiting the client's step (migration 0055); only while retried. */
    actionInvoiceRef: text('action_invoice_ref'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_client_idempotency_key').on(t.clientId, t.idempotencyKey),
    uniqueIndex('subscriptions_one_live')
      .on(t.clientId, t.expertId)
      .where(sql`${t.endedAt} is null`),
    uniqueIndex('subscriptions_one_trial')
      .on(t.clientId, t.expertId)
      .where(sql`${t.trialEndsAt} is not null`),
    index('subscriptions_expert_idx').on(t.expertId, t.createdAt),
    index('subscriptions_client_idx').on(t.clientId, t.createdAt),
    index('subscriptions_due_idx')
      .on(t.currentPeriodEnd)
      .where(sql`${t.endedAt} is null`),
    check('subscriptions_status_check', sql`${t.status} in ('trialing', 'active', 'past_due', 'cancelled', 'lapsed', 'ended')`),
    check('subscriptions_session_count_check', sql`${t.sessionCount} between 1 and 8`),
    check('subscriptions_price_check', sql`${t.priceCents} >= ${t.sessionCount}`),
    check('subscriptions_platform_fee_check', sql`${t.platformFeeBps} between 0 and 5000`),
    check('subscriptions_period_check', sql`${t.currentPeriodEnd} > ${t.currentPeriodStart}`),
    check('subscriptions_ended_check', sql`(${t.status} in ('cancelled', 'lapsed', 'ended')) = (${t.endedAt} is not null)`),
    check('subscriptions_ended_by_check', sql`${t.endedBy} in ('expert', 'team')`),
    check('subscriptions_ended_by_status_check', sql`(${t.status} = 'ended') = (${t.endedBy} is not null)`),
    uniqueIndex('subscriptions_provider_subscription_ref_unique')
      .on(t.providerSubscriptionRef)
      .where(sql`${t.providerSubscriptionRef} is not null`),
    check('subscriptions_action_invoice_check', sql`${t.actionInvoiceRef} is null or ${t.nextAttemptAt} is not null`),
    check('subscriptions_retry_check', sql`(${t.status} = 'past_due') = (${t.nextAttemptAt} is not null) and ${t.failedAttempts} between 0 and 20`),
    check('subscriptions_last4_check', sql`${t.cardLast4} is null or ${t.cardLast4} ~ '^[0-9]{4}$'`),
    check('subscriptions_request_hash_check', sql`${t.requestHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * One period of a subscription: a free `trial` (0 cents, no charge) or a `paid` month charged by card
 * (`provider_ref`). Its sessions are prepaid sessions (period_id), their shares summing to `amount_cents` (deferred
 * trigger `plan_periods_shares`); `settled_at`: when the period's unused sessions were released or refunded.
 */
export const planPeriods = pgTable(
  'plan_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'restrict' }),
    number: integer('number').notNull(),
    kind: text('kind').$type<'trial' | 'paid'>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    providerRef: text('provider_ref'),
    /** With Stripe Billing, the Invoice that paid it (migration 0048): one period per invoice. */
    providerInvoiceRef: text('provider_invoice_ref'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** A paid period's 'MEN-2026-000123', written by the database on insert (migration 0047); null for a trial. */
    receiptNumber: text('receipt_number'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('plan_periods_number_unique').on(t.subscriptionId, t.number),
    uniqueIndex('plan_periods_receipt_number_unique').on(t.receiptNumber),
    uniqueIndex('plan_periods_provider_invoice_ref_unique')
      .on(t.providerInvoiceRef)
      .where(sql`${t.providerInvoiceRef} is not null`),
    check('plan_periods_receipt_number_check', sql`(${t.kind} = 'paid') = (${t.receiptNumber} is not null)`),
    index('plan_periods_due_idx')
      .on(t.endsAt)
      .where(sql`${t.settledAt} is null`),
    check('plan_periods_kind_check', sql`${t.kind} in ('trial', 'paid')`),
    check(
      'plan_periods_amount_check',
      sql`case when ${t.kind} = 'trial' then ${t.amountCents} = 0 and ${t.providerRef} is null else ${t.amountCents} > 0 and ${t.providerRef} is not null end`,
    ),
    check('plan_periods_ends_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('plan_periods_number_check', sql`${t.number} >= 1`),
  ],
);

/**
 * Access programmes (docs/product.md "Partners"): an organisation's wallet funds its members' bookings within the
 * programme's terms — what it covers, per-member limits (sessions and/or cents, per UTC calendar month or in total),
 * the most it pays of one session, an optional expert or expertise, its dates (UTC days) and who may join.
 */
export const accessProgrammes = pgTable(
  'access_programmes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** The access code members enter, upper case, unique across programmes. */
    code: text('code').notNull().unique(),
    coversSessions: boolean('covers_sessions').notNull(),
    coversWorkshops: boolean('covers_workshops').notNull(),
    coversIntros: boolean('covers_intros').notNull(),
    sessionLimit: integer('session_limit'),
    centsLimit: integer('cents_limit'),
    limitPeriod: text('limit_period').notNull(),
    maxPriceCents: integer('max_price_cents'),
    expertId: uuid('expert_id').references(() => experts.id, { onDelete: 'restrict' }),
    expertise: text('expertise'),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    joinRule: text('join_rule').notNull(),
    status: text('status').notNull().default('active'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('access_programmes_name_check', sql`char_length(${t.name}) between 1 and 200`),
    check('access_programmes_code_check', sql`${t.code} ~ '^[A-Z0-9-]{6,40}$'`),
    check('access_programmes_covers_check', sql`${t.coversSessions} or ${t.coversWorkshops}`),
    check(
      'access_programmes_limits_check',
      sql`coalesce(${t.sessionLimit}, 1) > 0 and coalesce(${t.centsLimit}, 1) > 0 and coalesce(${t.maxPriceCents}, 1) > 0`,
    ),
    check('access_programmes_period_check', sql`${t.limitPeriod} in ('month', 'total')`),
    check('access_programmes_dates_check', sql`${t.endsOn} >= ${t.startsOn}`),
    check('access_programmes_join_check', sql`${t.joinRule} in ('code', 'domain', 'invited')`),
    check('access_programmes_status_check', sql`${t.status} in ('active', 'paused', 'ended')`),
    index('access_programmes_organisation_idx').on(t.organisationId, t.createdAt),
  ],
);

/** Members of a programme; `removed_at` set when a manager removes one (their booked sessions stay funded). */
export const programmeMembers = pgTable(
  'programme_members',
  {
    programmeId: uuid('programme_id')
      .notNull()
      .references(() => accessProgrammes.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.programmeId, t.userId] }), index('programme_members_user_idx').on(t.userId)],
);

/** The invited list of a programme: one row per address, linked to the e-mail that invited it; only the SHA-256 of the link's token is stored. */
export const programmeInvitations = pgTable(
  'programme_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programmeId: uuid('programme_id')
      .notNull()
      .references(() => accessProgrammes.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    acceptedBy: text('accepted_by').references(() => user.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The outbox e-mail that carried the invitation: its status is the address's delivery (null before migration 0057). */
    outboxEmailId: uuid('outbox_email_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [unique('programme_invitations_email_unique').on(t.programmeId, t.email)],
);

/**
 * Bookings a programme funds: the covered `credit_cents` of the session (0 for a covered intro) and what of it went
 * back to the wallet on a refund. Counted against the member's limits while the session is live.
 */
export const programmeBookings = pgTable(
  'programme_bookings',
  {
    sessionId: uuid('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'restrict' }),
    programmeId: uuid('programme_id')
      .notNull()
      .references(() => accessProgrammes.id, { onDelete: 'restrict' }),
    userId: text('user_id').notNull(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    creditCents: integer('credit_cents').notNull(),
    returnedCents: integer('returned_cents').notNull().default(0),
    /** A seat taken from a workshop's sponsorship (migration 0045). */
    sponsored: boolean('sponsored').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('programme_bookings_cents_check', sql`${t.creditCents} >= 0 and ${t.returnedCents} between 0 and ${t.creditCents}`),
    index('programme_bookings_member_idx').on(t.programmeId, t.userId, t.createdAt),
  ],
);

/**
 * A sponsored workshop (docs/product.md "Sponsored workshops"): `seats` of the workshop reserved for the members of an
 * access programme, each paid from the organisation's wallet when taken. Until `released_at` (the release job, a set
 * time before the start) the seats not taken are counted in `workshops.seats_sponsored` by this table's trigger
 * (migration 0045), which the workshop's seat CHECK keeps within its capacity.
 */
export const workshopSponsorships = pgTable(
  'workshop_sponsorships',
  {
    workshopId: uuid('workshop_id')
      .primaryKey()
      .references(() => workshops.id, { onDelete: 'cascade' }),
    programmeId: uuid('programme_id')
      .notNull()
      .references(() => accessProgrammes.id, { onDelete: 'restrict' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    seats: integer('seats').notNull(),
    seatsTaken: integer('seats_taken').notNull().default(0),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('workshop_sponsorships_seats_check', sql`${t.seats} between 1 and 50 and ${t.seatsTaken} between 0 and ${t.seats}`),
    index('workshop_sponsorships_organisation_idx').on(t.organisationId),
    index('workshop_sponsorships_unreleased_idx')
      .on(t.workshopId)
      .where(sql`${t.releasedAt} is null`),
  ],
);
