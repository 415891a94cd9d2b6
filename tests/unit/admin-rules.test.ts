import { describe, expect, it } from 'vitest';
import { canReview, slugFromName, uniqueSlug } from '../../src/shared/admin.js';

describe('team console rules', () => {
  it.each([
    ['Jordan Lee', 'jordan-lee'],
    ['José  Núñez-García', 'jose-nunez-garcia'],
    ["Hannah O'Connor", 'hannah-o-connor'],
    ['  ', 'expert'],
    ['李雷', 'expert'],
  ])('slug of %j is %j', (name, slug) => expect(slugFromName(name)).toBe(slug));

  it('keeps slugs short and never ending in a dash', () => {
    const slug = slugFromName(`${'a'.repeat(59)} b`);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.endsWith('-')).toBe(false);
  });

  it('adds the first free numeric suffix', () => {
    expect(uniqueSlug('sam-rivera', new Set())).toBe('sam-rivera');
    expect(uniqueSlug('sam-rivera', new Set(['sam-rivera', 'sam-rivera-2']))).toBe('sam-rivera-3');
  });

  it('allows each review action only from the open statuses it fits', () => {
    expect(canReview('under_review', 'submitted')).toBe(true);
    expect(canReview('under_review', 'under_review')).toBe(false);
    for (const s of ['submitted', 'pending', 'under_review']) {
      expect(canReview('approve', s)).toBe(true);
      expect(canReview('reject', s)).toBe(true);
    }
    for (const s of ['approved', 'rejected', 'unknown']) {
      expect(canReview('approve', s)).toBe(false);
      expect(canReview('reject', s)).toBe(false);
    }
  });
});
