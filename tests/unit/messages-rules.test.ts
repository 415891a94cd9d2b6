/**
 * Pure rules of messages (docs/product.md "Messages"; docs/security.md "Messages"): who may message an expert (the
 * booking rule), how a message's text becomes text and http(s) links, the text box's limits and browser-made ids.
 */
import { describe, expect, it } from 'vitest';
import { hasClientProfile } from '../../src/shared/roles.js';
import { messages } from '../../src/shared/messages.js';
import { messageMinLength } from '../../src/shared/messaging.js';
import { sendMessageInput } from '../../src/shared/schemas/conversations.js';
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

  it('a message is 1–5 000 characters once trimmed, or 0–5 000 with an attachment', () => {
    const id = '0b7c8f0e-8d4a-4c55-9a8e-6f1f3f6c2d11';
    const attachmentId = '5e3b1d7a-2c4f-4a8b-8e6d-1f2a3b4c5d6e';
    expect(sendMessageInput.safeParse({ id, body: '  hi  ' }).data?.body).toBe('hi');
    expect(sendMessageInput.safeParse({ id, body: ' \n\t ' }).error?.issues[0]?.message).toBe(messages.messaging.empty);
    expect(sendMessageInput.safeParse({ id }).success).toBe(false);
    expect(sendMessageInput.safeParse({ id, body: ' \n\t ', attachmentId }).data?.body).toBe('');
    expect(sendMessageInput.safeParse({ id, attachmentId }).success).toBe(false);
    expect(sendMessageInput.safeParse({ id, body: `  ${'x'.repeat(5000)}  ` }).success).toBe(true);
    expect(sendMessageInput.safeParse({ id, body: 'x'.repeat(5001), attachmentId }).success).toBe(false);
    expect(messageMinLength(true)).toBe(0);
    expect(messageMinLength(false)).toBe(1);
  });

  it('message ids are version-4 uuids', () => {
    expect(newMessageId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
