/** The small pieces behind the sign-in lock and the security log (docs/security.md): counter windows, URL redaction, e-mail hashes. */
import { describe, expect, it } from 'vitest';
import { emailHash, redactUrl } from '../../src/server/auth/auth-log.js';
import { memoryCounter } from '../../src/server/auth/sign-in-throttle.js';

describe('memoryCounter', () => {
  it('counts in a fixed window from the first failure, and forgets when it ends', async () => {
    // Real time (the counter's LRU reads performance.now()): a 2-second window leaves a busy machine 1.4 s of slack.
    const counter = memoryCounter();
    expect(await counter.add('a', 2)).toBe(1);
    await new Promise((r) => setTimeout(r, 600));
    expect(await counter.add('a', 2)).toBe(2); // a later failure does not extend the window
    expect(await counter.count('a')).toBe(2);
    expect(await counter.count('b')).toBe(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await counter.count('a')).toBe(0);
    await counter.add('c', 60);
    await counter.clear('c');
    expect(await counter.count('c')).toBe(0);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/auth/verify-email?token=eyJhbGciOi.abc.def&callbackURL=%2Fsignup', '/api/auth/verify-email?token=[redacted]&callbackURL=%2Fsignup'],
    ['/api/auth/reset-password/AbC123xyz?callbackURL=%2Freset-password', '/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password'],
    ['/api/auth/reset-password/AbC123xyz', '/api/auth/reset-password/[redacted]'],
    ['/api/auth/callback/google?state=s3cr3t&code=4%2F0Ad', '/api/auth/callback/google?state=[redacted]&code=[redacted]'],
    ['/api/experts?q=design&page=2', '/api/experts?q=design&page=2'],
    ['/api/sessions/8c1f', '/api/sessions/8c1f'],
    ['/calendar/Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV.ics', '/calendar/[redacted]'],
    ['//Calendar/Zm9vYmFyYmF6cXV4.ics?x=1', '/calendar/[redacted]?x=1'],
    ['/api/unsubscribe/8c1f.Zm9vYmFyYmF6cXV4', '/api/unsubscribe/[redacted]'],
    ['/%61pi//Unsubscribe/8c1f.Zm9vYmFyYmF6cXV4?x=1', '/api/unsubscribe/[redacted]?x=1'],
    // Other spellings of the same URLs keep nothing secret either.
    ['/%61pi/auth/reset-password/AbC123xyz', '/%61pi/auth/reset-password/[redacted]'],
    ['/api/auth/Reset-Password//AbC123xyz/', '/api/auth/Reset-Password//[redacted]/'],
    ['/api/auth/reset-p%61ssword/AbC123xyz', '/api/auth/reset-p%61ssword/[redacted]'],
    ['/api/auth/reset-password%2FAbC123xyz', '/api/auth/[redacted]'],
    ['/api/auth/verify-email?%74oken=eyJhbGciOi&TOKEN=abc&callbackURL=%2F', '/api/auth/verify-email?%74oken=[redacted]&TOKEN=[redacted]&callbackURL=%2F'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('emailHash', () => {
  it('is the same for every spelling of one address, differs between addresses and secrets, and hides the address', () => {
    const secret = 'a-secret-of-at-least-32-characters-long';
    expect(emailHash(secret, ' Ada@Example.com ')).toBe(emailHash(secret, 'ada@example.com'));
    expect(emailHash(secret, 'ada@example.com')).not.toBe(emailHash(secret, 'bob@example.com'));
    expect(emailHash('another-secret-of-32-characters-or-more', 'ada@example.com')).not.toBe(emailHash(secret, 'ada@example.com'));
    expect(emailHash(secret, 'ada@example.com')).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('change-password form rules (/account)', () => {
  const base = { currentPassword: 'old-secret-1', newPassword: 'new-secret-2', confirmPassword: 'new-secret-2', revokeOtherSessions: true };
  const messagesOf = async (values: Partial<typeof base>) => {
    const { changePasswordForm } = await import('../../src/web/features/account/change-password-schema.js');
    const result = changePasswordForm.safeParse({ ...base, ...values });
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('uses the product wording: all fields, at least 6 characters, passwords that match', async () => {
    expect(await messagesOf({})).toEqual([]);
    expect(await messagesOf({ currentPassword: '' })).toEqual(['currentPassword: Please fill in all fields']);
    expect(await messagesOf({ newPassword: 'abc', confirmPassword: 'abc' })).toEqual(['newPassword: Password must be at least 6 characters long']);
    expect(await messagesOf({ confirmPassword: 'new-secret-3' })).toEqual(['confirmPassword: Passwords do not match']);
    expect(await messagesOf({ newPassword: 'abc', confirmPassword: 'abd' })).toEqual([
      'newPassword: Password must be at least 6 characters long',
      'confirmPassword: Passwords do not match',
    ]);
  });
});
