/**
 * Pure rules of messages (docs/product.md "Messages"; docs/security.md "Messages"): who may message an expert (the
 * booking rule), how a message's text becomes text and http(s) links, the text box's limits and browser-made ids.
 */
import { describe, expect, it } from 'vitest';
import { hasClientProfile } from '../../src/shared/roles.js';
import { messageBody } from '../../src/shared/schemas/conversations.js';
import { linkParts } from '../../src/web/features/messages/message-text';
import { newMessageId } from '../../src/web/features/messages/message-id';

describe('messages rules', () => {
  it('a client needs a first name, a last name and a role to book or message', () => {
    expect(hasClientProfile({ firstName: 'Casey', lastName: 'Client', role: 'client' })).toBe(true);
    expect(hasClientProfile({ firstName: 'Casey', lastName: '  ', role: 'client' })).toBe(false);
    expect(hasClientProfile({ firstName: 'Casey', lastName: 'Client', role: null })).toBe(false);
    expect(hasClientProfile(null)).toBe(false);
  });

  it('only http(s) addresses become links, without the punctuation that ends the sentence', () => {
    expect(linkParts('See https://example.com/a?b=1. Thanks')).toEqual([
      { text: 'See ' },
      { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { text: '. Thanks' },
    ]);
    expect(linkParts('(http://example.org)')).toEqual([{ text: '(' }, { text: 'http://example.org', href: 'http://example.org/' }, { text: ')' }]);
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>hi</b>', '<a href="https://x.example">x</a> only', 'ftp://example.com'])
      expect(linkParts(text).filter((p) => p.href && !p.href.startsWith('https://x.example'))).toEqual([]);
    expect(linkParts('<script>alert(1)</script>')).toEqual([{ text: '<script>alert(1)</script>' }]);
  });

  it('a message is 1–5 000 characters once trimmed', () => {
    expect(messageBody.safeParse('  hi  ').data).toBe('hi');
    expect(messageBody.safeParse(' \n\t ').success).toBe(false);
    expect(messageBody.safeParse(`  ${'x'.repeat(5000)}  `).success).toBe(true);
    expect(messageBody.safeParse('x'.repeat(5001)).success).toBe(false);
  });

  it('message ids are version-4 uuids', () => {
    expect(newMessageId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
