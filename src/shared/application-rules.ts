/**
 * Expert application rules shared by the wizard and the server (docs/product.md
 * "Expert applications"): years-of-experience bands, each step's enabling rule, CV suggestions,
 * and progress (statuses and their labels: src/shared/application-status.ts). Pure. The expertise-area rule itself is src/shared/expertise.ts.
 */
import { z } from 'zod';
import { expertiseCountProblem, maxExpertiseAreas } from './expertise.js';

/** Years-of-experience bands (docs/product.md "Expert applications"), stored as these exact strings. */
export const yearsExperienceBands = ['0-2', '3-5', '6-10', '11-15', '16+'] as const;
export type YearsExperienceBand = (typeof yearsExperienceBands)[number];

/** The wizard has 5 steps (docs/product.md "Expert applications"); about 2 minutes to fill in at the start. */
export const wizardStepCount = 5;
export const wizardEstimateSeconds = 120;

export const wizardSteps = [
  { title: 'Professional background', description: 'Your title, experience and LinkedIn profile.' },
  { title: 'Upload your CV', description: 'A PDF or Word document, up to 5MB.' },
  { title: 'Areas of expertise', description: 'Choose up to 3 areas you mentor in.' },
  { title: 'Why mentor with us?', description: 'Tell us what you want to share.' },
  { title: 'References', description: 'Optional: someone who knows your work.' },
] as const;

/**
 * An address typed without its scheme, as people copy it ('linkedin.com/in/jane', 'www.linkedin.com/in/jane'),
 * completed with https:// (docs/product.md "Expert applications"); one with a scheme, or blank, is left as it is.
 */
export function completeUrl(value: string): string {
  const v = value.trim();
  return !v || /^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `https://${v.replace(/^\/+/, '')}`;
}

/**
 * True for an http(s) URL with a dotted host once completed (completeUrl), so 'linkedin.com/in/jane' is one
 * (LinkedIn "must be a URL"; docs/product.md "Expert applications"). Blank counts as absent, so it is allowed.
 */
export function isOptionalUrl(value: string | null | undefined): boolean {
  const v = completeUrl(value ?? '');
  if (!v) return true;
  try {
    const url = new URL(v);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const emailFormat = z.email();

/** E-mail format check (zod's `z.email()`, the same the API uses). Blank counts as absent, so it is allowed. */
export function isOptionalEmail(value: string | null | undefined): boolean {
  const v = (value ?? '').trim();
  return !v || emailFormat.safeParse(v).success;
}

/** What the wizard holds while a person fills it in. */
export type WizardDraft = {
  professionalTitle: string;
  yearsExperience: string;
  linkedinProfile: string;
  /** A CV file has been chosen (and accepted by the browser's checks). */
  hasCv: boolean;
  selectedExpertise: string[];
  whyExpert: string;
  referenceName: string;
  referencePosition: string;
  referenceEmail: string;
};

export const emptyDraft: WizardDraft = {
  professionalTitle: '',
  yearsExperience: '',
  linkedinProfile: '',
  hasCv: false,
  selectedExpertise: [],
  whyExpert: '',
  referenceName: '',
  referencePosition: '',
  referenceEmail: '',
};

/**
 * Whether Next (steps 1-4) or Submit (step 5) is enabled, and if not, why (docs/product.md "Expert applications"):
 * 1 title and years band filled, LinkedIn blank or a URL; 2 a CV chosen; 3 one to three areas;
 * 4 a non-blank motivation; 5 references optional, the e-mail in e-mail format.
 */
export function stepCheck(step: number, d: WizardDraft): { ok: true } | { ok: false; reason: string } {
  const fail = (reason: string) => ({ ok: false as const, reason });
  switch (step) {
    case 1:
      if (!d.professionalTitle.trim() || !yearsExperienceBands.includes(d.yearsExperience as YearsExperienceBand)) return fail(applicationRuleMessages.step1);
      if (!isOptionalUrl(d.linkedinProfile)) return fail(applicationRuleMessages.linkedinUrl);
      return { ok: true };
    case 2:
      return d.hasCv ? { ok: true } : fail(applicationRuleMessages.step2);
    case 3: {
      const problem = expertiseCountProblem(d.selectedExpertise);
      return problem ? fail(problem) : { ok: true };
    }
    case 4:
      return d.whyExpert.trim() ? { ok: true } : fail(applicationRuleMessages.step4);
    case 5:
      return isOptionalEmail(d.referenceEmail) ? { ok: true } : fail(applicationRuleMessages.referenceEmail);
    default:
      return fail('Unknown step');
  }
}

/**
 * Merges suggested areas into the chosen ones (docs/product.md "Expert applications"): only areas in
 * `catalogue` and not already chosen, in the order suggested, until 3 are chosen. Returns the new list
 * and the areas that were added.
 */
export function mergeSuggestions(
  selected: readonly string[],
  suggested: readonly string[],
  catalogue: readonly string[],
): { selected: string[]; added: string[] } {
  const next = [...selected];
  const added: string[] = [];
  for (const area of suggested) {
    if (next.length >= maxExpertiseAreas) break;
    if (!catalogue.includes(area) || next.includes(area)) continue;
    next.push(area);
    added.push(area);
  }
  return { selected: next, added };
}

/**
 * Progress of the wizard on `step` (1-5): the share of steps done before it, (step − 1) / 5 (0 % on step 1, 80 % on
 * the last step: 100 % only once the application is sent), and the time still needed, "About 2 minutes" at the
 * start (docs/product.md "Expert applications").
 */
export function wizardProgress(step: number): { percent: number; remaining: string } {
  const s = Math.min(Math.max(step, 1), wizardStepCount);
  const seconds = (wizardEstimateSeconds * (wizardStepCount - s + 1)) / wizardStepCount;
  const minutes = Math.round(seconds / 60);
  const remaining = minutes < 1 ? 'Less than a minute remaining' : `About ${minutes} minute${minutes === 1 ? '' : 's'} remaining`;
  return { percent: Math.round(((s - 1) / wizardStepCount) * 100), remaining };
}

/** Words of the rules above (every step's enabling rule but step 3's, which are `expertiseMessages`; docs/product.md "Expert applications"). */
export const applicationRuleMessages = {
  step1: 'Please enter your professional title and years of experience',
  linkedinUrl: 'Please enter a valid URL for your LinkedIn profile (e.g. https://www.linkedin.com/in/your-name)',
  step2: 'Please upload your CV to continue',
  step4: 'Please tell us why you want to become an expert',
  referenceEmail: 'Please enter a valid email address for your reference',
  yearsBand: 'Please choose your years of experience',
} as const;
