import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applicationRuleMessages as r,
  completeUrl,
  emptyDraft,
  isOptionalEmail,
  isOptionalUrl,
  mergeSuggestions,
  stepCheck,
  wizardProgress,
  yearsExperienceBands,
  type WizardDraft,
} from '../../src/shared/application-rules.js';
import { applicationStatusInfo } from '../../src/shared/application-status.js';
import { expertiseCatalogue } from '../../src/shared/constants.js';
import { addExpertiseArea, expertiseMessages as e, toggleExpertiseArea } from '../../src/shared/expertise.js';
import { applicationInput } from '../../src/shared/schemas/applications.js';
import { expertProfileInput } from '../../src/shared/schemas/expert-profile.js';

const draft = (over: Partial<WizardDraft>): WizardDraft => ({ ...emptyDraft, ...over });

describe('wizard step rules (docs/product.md "Expert applications")', () => {
  it('step 1 needs a title and a years band; LinkedIn is optional but must be a URL', () => {
    expect(stepCheck(1, draft({}))).toEqual({ ok: false, reason: r.step1 });
    expect(stepCheck(1, draft({ professionalTitle: '  ', yearsExperience: '3-5' }))).toEqual({ ok: false, reason: r.step1 });
    expect(stepCheck(1, draft({ professionalTitle: 'Engineer', yearsExperience: '' }))).toEqual({ ok: false, reason: r.step1 });
    expect(stepCheck(1, draft({ professionalTitle: 'Engineer', yearsExperience: '3-5' }))).toEqual({ ok: true });
    expect(stepCheck(1, draft({ professionalTitle: 'Engineer', yearsExperience: '16+', linkedinProfile: 'my linkedin' }))).toEqual({
      ok: false,
      reason: r.linkedinUrl,
    });
    expect(stepCheck(1, draft({ professionalTitle: 'Engineer', yearsExperience: '16+', linkedinProfile: 'https://www.linkedin.com/in/x' }))).toEqual({
      ok: true,
    });
  });

  it('has the five experience bands', () => {
    expect(yearsExperienceBands).toEqual(['0-2', '3-5', '6-10', '11-15', '16+']);
  });

  it('step 2 needs a CV, step 3 one to three areas, step 4 a non-blank motivation, step 5 a valid reference e-mail if any', () => {
    expect(stepCheck(2, draft({}))).toEqual({ ok: false, reason: r.step2 });
    expect(stepCheck(2, draft({ hasCv: true }))).toEqual({ ok: true });
    expect(stepCheck(3, draft({}))).toEqual({ ok: false, reason: e.required });
    expect(stepCheck(3, draft({ selectedExpertise: ['Marketing'] }))).toEqual({ ok: true });
    expect(stepCheck(3, draft({ selectedExpertise: ['a', 'b', 'c', 'd'] }))).toEqual({ ok: false, reason: e.tooMany });
    expect(stepCheck(4, draft({ whyExpert: ' \n\t' }))).toEqual({ ok: false, reason: r.step4 });
    expect(stepCheck(4, draft({ whyExpert: 'To give back' }))).toEqual({ ok: true });
    expect(stepCheck(5, draft({}))).toEqual({ ok: true });
    expect(stepCheck(5, draft({ referenceEmail: 'not-an-email' }))).toEqual({ ok: false, reason: r.referenceEmail });
    expect(stepCheck(5, draft({ referenceEmail: 'ref@example.com' }))).toEqual({ ok: true });
  });

  it('accepts only http(s) URLs with a host name, and blank; an address without its scheme is completed with https://', () => {
    for (const ok of ['', '  ', 'https://linkedin.com/in/a', 'http://www.linkedin.com/in/a?x=1', 'www.linkedin.com/in/a', 'linkedin.com/in/a'])
      expect(isOptionalUrl(ok)).toBe(true);
    expect(completeUrl(' www.linkedin.com/in/a ')).toBe('https://www.linkedin.com/in/a');
    expect(completeUrl('http://linkedin.com/in/a')).toBe('http://linkedin.com/in/a');
    for (const bad of ['linkedin', 'javascript:alert(1)', 'ftp://x.com/a', 'https://localhost', 'my linkedin']) expect(isOptionalUrl(bad)).toBe(false);
    expect(isOptionalEmail('')).toBe(true);
    expect(isOptionalEmail('a@b')).toBe(false);
  });
});

describe('expertise areas (docs/product.md "Expert profiles", "Expert applications")', () => {
  it('adds a custom area trimmed, refusing blanks, duplicates (any case), a fourth and over 60 characters', () => {
    expect(addExpertiseArea([], '  Career   coaching ')).toEqual({ selected: ['Career coaching'] });
    expect(addExpertiseArea([], ' public SPEAKING ')).toEqual({ selected: ['Public Speaking'] });
    expect(addExpertiseArea(['Marketing'], '   ')).toEqual({ selected: ['Marketing'], refused: e.blankArea });
    expect(addExpertiseArea(['Marketing'], 'marketing')).toEqual({ selected: ['Marketing'], refused: e.duplicateArea });
    expect(addExpertiseArea(['a', 'b', 'c'], 'd')).toEqual({ selected: ['a', 'b', 'c'], refused: e.tooMany });
    expect(addExpertiseArea([], 'x'.repeat(61)).refused).toBe(e.areaTooLong);
    expect(addExpertiseArea([], 'x'.repeat(60))).toEqual({ selected: ['x'.repeat(60)] });
  });

  it('is the same rule in the application and the expert profile schemas: a 61-character custom area is refused', () => {
    for (const schema of [applicationInput.shape.selectedExpertise, expertProfileInput.shape.expertise]) {
      const refused = schema.safeParse(['Marketing', 'x'.repeat(61)]);
      expect(refused.success).toBe(false);
      expect(refused.error?.issues[0]?.message).toBe(e.areaTooLong);
      expect(schema.safeParse([' marketing ', `  ${'x'.repeat(60)} `]).data).toEqual(['Marketing', 'x'.repeat(60)]);
      expect(schema.safeParse([]).error?.issues[0]?.message).toBe(e.required);
      expect(schema.safeParse(['a', 'b', 'c', 'd']).error?.issues[0]?.message).toBe(e.tooMany);
      expect(schema.safeParse(['Marketing', 'MARKETING']).error?.issues[0]?.message).toBe(e.duplicateArea);
    }
  });

  it('toggles catalogue areas without ever exceeding 3', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...expertiseCatalogue), { maxLength: 30 }), (clicks) => {
        let selected: string[] = [];
        for (const area of clicks) selected = toggleExpertiseArea(selected, area);
        expect(selected.length).toBeLessThanOrEqual(3);
        expect(new Set(selected).size).toBe(selected.length);
      }),
    );
  });

  it('merges only new catalogue suggestions, in order, up to 3 in all', () => {
    expect(
      mergeSuggestions(['Marketing'], ['Marketing', 'Not an area', 'Sales & Customer Service', 'Hospitality', 'Public Speaking'], expertiseCatalogue),
    ).toEqual({
      selected: ['Marketing', 'Sales & Customer Service', 'Hospitality'],
      added: ['Sales & Customer Service', 'Hospitality'],
    });
    expect(mergeSuggestions(['a', 'b', 'c'], ['Marketing'], expertiseCatalogue).added).toEqual([]);
  });
});

describe('progress and statuses (docs/product.md "Expert applications")', () => {
  it('shows percent of the steps done and about 2 minutes at the start, never 100% before the application is sent', () => {
    expect(wizardProgress(1)).toEqual({ percent: 0, remaining: 'About 2 minutes remaining' });
    expect(wizardProgress(3)).toEqual({ percent: 40, remaining: 'About 1 minute remaining' });
    expect(wizardProgress(5)).toEqual({ percent: 80, remaining: 'Less than a minute remaining' });
  });

  it('labels every status, pending as Pending Review and anything else Unknown, each with a note', () => {
    const labels = ['submitted', 'pending', 'under_review', 'approved', 'rejected', 'archived'].map((s) => applicationStatusInfo(s).label);
    expect(labels).toEqual(['Submitted', 'Pending Review', 'Under Review', 'Approved', 'Rejected', 'Unknown']);
    for (const s of ['submitted', 'pending', 'under_review', 'approved', 'rejected', 'x']) expect(applicationStatusInfo(s).note.length).toBeGreaterThan(20);
  });
});
