/**
 * The browser-side rules that keep what a person did (docs/product.md "Accounts and sign-in", "Booking"): the
 * `next` path followed after signing in is a path on this site only, and a kept booking choice is restored once,
 * for its expert, within 24 hours, and only when its shape is right.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetPendingChoice, keepPendingChoice, pendingChoiceFor, type PendingChoice } from '../../src/web/features/experts/pending-choice';
import { safeReturnPath, signInPath } from '../../src/web/lib/return-path';

describe('the path followed after signing in', () => {
  it('keeps a path on this site, with its query and hash', () => {
    expect(safeReturnPath('/expert/ada-lovelace')).toBe('/expert/ada-lovelace');
    expect(safeReturnPath('/results?query=design#top')).toBe('/results?query=design#top');
    expect(signInPath('/expert/ada-lovelace')).toBe('/signup?next=%2Fexpert%2Fada-lovelace');
  });

  it.each([
    ['another origin', 'https://evil.example/'],
    ['a protocol-relative URL', '//evil.example/path'],
    ['a backslash the browser reads as a slash', '/\\evil.example'],
    ['a tab inside the slashes', '/\t/evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'expert/x'],
    ['the sign-in page itself', '/signup?next=%2Fsignup'],
    ['the /login page', '/login'],
    ['nothing', ''],
    ['a path longer than any page', `/${'a'.repeat(600)}`],
  ])('refuses %s', (_, raw) => {
    expect(safeReturnPath(raw)).toBeNull();
    expect(signInPath(raw)).toBe('/signup');
  });
});

describe('the booking choice kept while signing in', () => {
  const store = new Map<string, string>();
  const choice: PendingChoice = {
    expertId: 'e1',
    expertSlug: 'ada',
    date: '2030-01-02',
    startsAt: '2030-01-02T10:00:00.000Z',
    durationMinutes: 30,
    topic: 'Interview practice',
    intro: false,
  };
  beforeEach(() => {
    store.clear();
    Object.assign(globalThis, {
      localStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
        removeItem: (k: string) => void store.delete(k),
      },
    });
  });
  afterEach(() => Reflect.deleteProperty(globalThis, 'localStorage'));

  it('is restored for its expert only, until forgotten', () => {
    keepPendingChoice(choice);
    expect(pendingChoiceFor('someone-else')).toBeNull();
    expect(pendingChoiceFor('e1')).toEqual(choice);
    forgetPendingChoice();
    expect(pendingChoiceFor('e1')).toBeNull();
  });

  it('lasts 24 hours, as long as the e-mail confirmation link', () => {
    keepPendingChoice(choice);
    expect(pendingChoiceFor('e1', Date.now() + 23 * 3_600_000)).toEqual(choice);
    expect(pendingChoiceFor('e1', Date.now() + 25 * 3_600_000)).toBeNull();
    expect(store.size).toBe(0);
  });

  it('ignores a kept value of the wrong shape (storage is the visitor’s to edit)', () => {
    for (const bad of [
      { ...choice, durationMinutes: 17 },
      { ...choice, date: 'tomorrow' },
      { ...choice, startsAt: 'soon' },
      { ...choice, topic: 7 },
    ]) {
      store.set('mentora.pending-booking', JSON.stringify({ ...bad, savedAt: Date.now() }));
      expect(pendingChoiceFor('e1')).toBeNull();
    }
    store.set('mentora.pending-booking', '{not json');
    expect(pendingChoiceFor('e1')).toBeNull();
  });
});
