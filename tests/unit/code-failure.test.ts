import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.js';
import { codeFailure } from '../../src/web/lib/code-failure.js';

const refused = 'That code did not work.';

describe('what a person is told when a two-factor code is not accepted', () => {
  it('calls the code wrong only when the server refused it', () => {
    expect(codeFailure(400, refused)).toBe(refused);
    expect(codeFailure(401, refused)).toBe(refused);
  });

  it('says too many tries, or that something went wrong, instead of calling a working code wrong', () => {
    expect(codeFailure(429, refused)).toBe(messages.common.rateLimited);
    expect(codeFailure(500, refused)).toBe(messages.common.internal);
    expect(codeFailure(503, refused)).toBe(messages.common.internal);
    expect(codeFailure(0, refused)).toBe(messages.common.internal);
    expect(codeFailure(undefined, refused)).toBe(messages.common.internal);
  });
});
