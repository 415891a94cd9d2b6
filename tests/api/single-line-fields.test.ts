/**
 * Single-line fields (docs/security.md "Names and file names"; src/shared/single-line.ts) refuse line and paragraph
 * separators, CR/LF and invisible characters with the product's words, as they refuse control and bidi characters:
 * person names (the profile, and Better Auth's sign-up), an expert's headline and profile tags, a workshop's title.
 * Nothing is stored.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experts, user, workshops } from '../../src/server/db/schema.js';
import { messages } from '../../src/shared/messages.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { createExpert } from '../helpers/marketplace.js';

const json = { origin, 'content-type': 'application/json' };

/** Each character, named, as it would sit inside a pasted value. */
const breakers: [string, string][] = [
  ['line separator U+2028', '\u2028'],
  ['paragraph separator U+2029', '\u2029'],
  ['CR', '\r'],
  ['LF', '\n'],
  ['zero-width space U+200B', '\u200B'],
  ['zero-width non-joiner U+200C', '\u200C'],
  ['zero-width joiner U+200D', '\u200D'],
  ['word joiner U+2060', '\u2060'],
  ['zero-width no-break space U+FEFF', '\uFEFF'],
];

describe('single-line fields', () => {
  let ctx: TestContext;
  let client: Awaited<ReturnType<typeof createUser>>;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    client = await createUser(ctx, { email: 'one-line@example.com', firstName: 'Ada', lastName: 'Lovelace' });
    expert = await createExpert(ctx, { email: 'one-line-expert@example.com' });
  });
  afterAll(() => ctx.close());

  const send = (method: 'POST' | 'PUT', url: string, payload: object, cookie?: string) =>
    ctx.app.inject({ method, url, headers: { ...json, ...(cookie ? { cookie } : {}) }, payload });

  it.each(breakers)('refuses a %s in a person name, in the profile and at sign-up', async (name, c) => {
    const profile = await send('PUT', '/api/me/profile', { firstName: `Ada${c}Bcc`, lastName: 'Lovelace', role: 'client' }, client.cookie);
    expect(profile.statusCode).toBe(400);
    expect(profile.json().error.message).toBe(messages.auth.nameCharacters);
    const [row] = await ctx.database.db.select({ firstName: user.firstName }).from(user).where(eq(user.id, client.id));
    expect(row!.firstName).toBe('Ada');

    const email = `sign-up-${breakers.findIndex(([n]) => n === name)}@example.com`;
    const signUp = await send('POST', '/api/auth/sign-up/email', { email, password: 'granite-meadow-19', name: `Eve${c}Admin` });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json().message).toBe(messages.auth.nameCharacters);
    expect(await ctx.database.db.select().from(user).where(eq(user.email, email))).toEqual([]);
  });

  it.each(breakers)("refuses a %s in an expert's headline and profile tags", async (_name, c) => {
    const profile = {
      headline: 'Principal Data Scientist',
      about: 'I help analysts become data scientists.',
      experience: '9 years at two fintechs.',
      courses: ['MSc Statistics'],
      languages: ['English'],
      hobbies: ['Surfing'],
      expertise: ['Career Storytelling'],
      hourlyRate: 140,
      cancellationPolicy: 'strict',
    };
    const headline = await send('PUT', '/api/me/expert-profile', { ...profile, headline: `Principal${c}Data Scientist` }, expert.cookie);
    expect(headline.statusCode).toBe(400);
    expect(headline.json().error.message).toBe(messages.common.singleLine('A headline'));
    const language = await send('PUT', '/api/me/expert-profile', { ...profile, languages: [`Eng${c}lish`] }, expert.cookie);
    expect(language.statusCode).toBe(400);
    expect(language.json().error.message).toBe(messages.common.singleLine('Each language'));
    const [row] = await ctx.database.db.select().from(experts).where(eq(experts.id, expert.expert.id));
    expect(JSON.stringify(row)).not.toContain(JSON.stringify(c).slice(1, -1));
  });

  it.each(breakers)("refuses a %s in a workshop's title", async (_name, c) => {
    const res = await send(
      'POST',
      '/api/me/workshops',
      {
        title: `Salary${c}talks`,
        description: 'Practice rounds.',
        topic: 'Job Interview Mastery',
        startsAtLocal: `${new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)}T10:00`,
        durationMinutes: 60,
        capacity: 5,
        priceCents: 1000,
        minAttendance: null,
        publish: true,
      },
      expert.cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.common.singleLine('A workshop title'));
    expect(await ctx.database.db.select().from(workshops).where(eq(workshops.expertId, expert.expert.id))).toEqual([]);
  });

  it('still takes names and titles in any script, with accents and emoji', async () => {
    const res = await send('PUT', '/api/me/profile', { firstName: 'Zoë 陳', lastName: 'Müller-Łukasz 🙂', role: 'client' }, client.cookie);
    expect(res.statusCode, res.body).toBe(200);
  });
});
