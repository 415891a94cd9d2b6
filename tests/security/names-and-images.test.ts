/**
 * Names and images (docs/security.md "Names and file names"): a person name with a control character (CR/LF, TAB,
 * DEL, C1; NUL is refused by every route already) or a bidirectional control (U+202E …) is refused wherever it is set, with the product's message and nothing
 * stored; Better Auth's update-user and sign-up take only https: images.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.js';
import { user } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';

const json = { origin, 'content-type': 'application/json' };
const badNames = ['Eve\r\nBcc: all@example.com', 'Tab\tName', '\u202Egnp.exe', 'Iso\u2066late', 'Mark\u200Fed', 'Del\u007F', 'C1\u0085'];

describe('names and images', () => {
  let ctx: TestContext;
  let cookie: string;
  let id: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    ({ cookie, id } = await createUser(ctx, { email: 'named@example.com', firstName: 'Ada', lastName: 'Lovelace' }));
  });
  afterAll(() => ctx.close());

  const send = (method: 'POST' | 'PUT', url: string, payload: object, withCookie = true) =>
    ctx.app.inject({ method, url, headers: { ...json, ...(withCookie ? { cookie } : {}) }, payload });
  const row = async () => (await ctx.database.db.select().from(user).where(eq(user.id, id)))[0]!;

  it.each(badNames)('refuses %j as a first or last name in the profile', async (name) => {
    for (const body of [
      { firstName: name, lastName: 'Lovelace' },
      { firstName: 'Ada', lastName: name },
    ]) {
      const res = await send('PUT', '/api/me/profile', { ...body, role: 'client' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(messages.auth.nameCharacters);
    }
    expect(await row()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  it.each(badNames)('refuses %j as the account name at sign-up and in update-user', async (name) => {
    const signUp = await send(
      'POST',
      '/api/auth/sign-up/email',
      { email: `n${badNames.indexOf(name)}@example.com`, password: 'granite-meadow-19', name },
      false,
    );
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json().message).toBe(messages.auth.nameCharacters);
    expect(
      await ctx.database.db
        .select()
        .from(user)
        .where(eq(user.email, `n${badNames.indexOf(name)}@example.com`)),
    ).toEqual([]);
    const update = await send('POST', '/api/auth/update-user', { name });
    expect(update.statusCode).toBe(400);
    expect((await row()).name).toBe('Ada Lovelace');
  });

  it('refuses the names of a match request and a contact message', async () => {
    const match = await send(
      'POST',
      '/api/match-requests',
      { firstName: 'Ev\u202Ee', lastName: 'X', email: 'e@example.com', countryCode: '+44', mobileNumber: '7700 900123', requestText: 'Help' },
      false,
    );
    expect(match.statusCode).toBe(400);
    const contact = await send('POST', '/api/contact', { name: 'Eve\nX', email: 'e@example.com', message: 'Hello' }, false);
    expect(contact.statusCode).toBe(400);
  });

  it('keeps ordinary names from many scripts', async () => {
    const res = await send('PUT', '/api/me/profile', { firstName: 'José-Émilie', lastName: "O'Brien 山田 محمد", role: 'client' });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    'javascript:alert(document.cookie)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://example.com/me.png',
    '//evil.example/x.png',
    '',
  ])('refuses the image %j', async (image) => {
    const res = await send('POST', '/api/auth/update-user', { image });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.auth.imageHttps);
    expect((await row()).image).toBeNull();
    const signUp = await send('POST', '/api/auth/sign-up/email', { email: 'img@example.com', password: 'granite-meadow-19', name: '', image }, false);
    expect(signUp.statusCode).toBe(400);
  });

  it('takes an https: image', async () => {
    expect((await send('POST', '/api/auth/update-user', { image: 'https://images.example.com/me.png' })).statusCode).toBe(200);
    expect((await row()).image).toBe('https://images.example.com/me.png');
  });
});
