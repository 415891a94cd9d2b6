/** Account profile contract: GET /api/me and PUT /api/me/profile (docs/product.md "Accounts and sign-in"). */
import { z } from 'zod';
import { messages } from '../messages.js';
import { selfServiceRoles } from '../roles.js';
import { optionalText, requiredText } from './common.js';
import { personName } from '../person-name.js';
import { timeZone } from './experts.js';

const required = messages.auth.fillRequiredFields;

/** Body of PUT /api/me/profile. Role is client or expert; admin is never self-assigned. */
export const profileInput = z.object({
  firstName: personName(requiredText(required, 100)),
  lastName: personName(requiredText(required, 100)),
  phone: optionalText(40).refine((v) => v === undefined || /^[+\d][\d\s().-]{4,39}$/.test(v), 'Please enter a valid phone number'),
  role: z.enum(selfServiceRoles, { error: required }),
  /** The browser's IANA zone (Intl), stored only when the account has none yet (docs/product.md "E-mail"). */
  timeZone: timeZone.optional(),
});
export type ProfileInput = z.input<typeof profileInput>;

/** Body of PUT /api/me/time-zone: the IANA zone the account's e-mails and invites are written in. */
export const timeZoneInput = z.object({ timeZone });
export type TimeZoneInput = z.input<typeof timeZoneInput>;

/** The signed-in account as the web app sees it. Timestamps are ISO-8601 UTC. */
export const me = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string(),
  phone: z.string().nullable(),
  role: z.enum(['client', 'expert', 'admin']).nullable(),
  profilePictureUrl: z.string().nullable(),
  /** Two-factor sign-in with an authenticator app is on (required for the admin role). */
  twoFactorEnabled: z.boolean(),
  /** IANA zone of the account's e-mails and invites; null until the browser reported one (docs/product.md "E-mail"). */
  timeZone: z.string().nullable(),
  createdAt: z.string(),
});
export type Me = z.infer<typeof me>;

/** GET /api/me: the signed-in account, or null for a visitor (200 either way, so pages log no error). */
export const meResponse = z.object({ user: me.nullable() });
