import { describe, expect, it } from 'vitest';
import { clientFaqs, clientSteps } from '../../src/web/features/content/client-faqs';
import { guidelineSections } from '../../src/web/features/content/community-guidelines';
import { expertFaqs, expertSteps } from '../../src/web/features/content/expert-faqs';
import { internationalProgrammes } from '../../src/web/features/content/international-programmes';
import { universityBenefits } from '../../src/web/features/content/university-benefits';

const unique = (values: readonly string[]) => new Set(values).size === values.length;

describe('content pages carry the counts docs/product.md fixes ("Content and timings")', () => {
  it('client FAQ has 13 questions with unique ids and non-empty answers', () => {
    expect(clientFaqs).toHaveLength(13);
    expect(unique(clientFaqs.map((f) => f.id))).toBe(true);
    for (const faq of clientFaqs) expect(faq.answer.join('').trim()).not.toBe('');
  });

  it('expert FAQ has 15 questions with unique ids and non-empty answers', () => {
    expect(expertFaqs).toHaveLength(15);
    expect(unique(expertFaqs.map((f) => f.id))).toBe(true);
    for (const faq of expertFaqs) expect(faq.answer.join('').trim()).not.toBe('');
  });

  it('both "how it works" sequences have five steps, the client one ending in confirm and feedback', () => {
    expect(clientSteps.map((s) => s.title)).toEqual(['Find an expert', 'Book a time', 'Pay securely', 'Meet by video', 'Confirm and leave feedback']);
    expect(expertSteps).toHaveLength(5);
  });

  it('community guidelines have the 8 sections in the documented order, each with 3-6 rules', () => {
    expect(guidelineSections.map((s) => s.title)).toEqual([
      'Integrity and authenticity',
      'Illegal and prohibited services',
      'Child and youth safety',
      'Objectionable content and safety',
      'Violence and unlawful behaviour',
      'Intellectual property',
      'Fair use of generative AI',
      'Reporting and enforcement',
    ]);
    for (const s of guidelineSections) {
      expect(s.points.length).toBeGreaterThanOrEqual(3);
      expect(s.points.length).toBeLessThanOrEqual(6);
    }
  });

  it('guidelines state the rules docs/product.md names', () => {
    const text = guidelineSections
      .flatMap((s) => [s.summary, ...s.points])
      .join(' ')
      .toLowerCase();
    for (const rule of [
      'payment outside the platform',
      'no fake reviews',
      'verified licensed experts',
      'no academic dishonesty',
      '18 or over',
      'deepfakes',
      'permanent bans',
      'legal action',
    ]) {
      expect(text).toContain(rule);
    }
  });

  it('university page has 5 benefit sections covering credits, workshops, codes, pilots and reporting', () => {
    expect(universityBenefits.map((b) => b.id)).toEqual(['bulk-credits', 'co-branded-workshops', 'access-codes', 'pilots', 'reporting']);
  });

  it('university page offers what the partner programme does (docs/product.md "Partners"): credit in US dollars, no other currency or rate', () => {
    const text = universityBenefits.flatMap((b) => [b.title, b.summary, ...b.points]).join(' ');
    for (const offered of ['US dollars', 'bank transfer', 'Reserve up to 50 seats', 'verified address', 'sessions already booked stay funded', 'CSV exports'])
      expect(text).toContain(offered);
    expect(text).not.toMatch(/AUD|volume rate|roll over/);
  });

  it('international students page lists the 4 programmes in the documented order', () => {
    expect(internationalProgrammes.map((p) => p.title)).toEqual([
      'Cultural integration workshops',
      'International CV building',
      'Visa and immigration support',
      'Global networking',
    ]);
  });
});
