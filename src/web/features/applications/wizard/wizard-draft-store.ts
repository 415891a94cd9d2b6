/**
 * The application wizard's draft kept in this browser until it is sent (docs/product.md "Expert applications":
 * "Drafts"): the step, every field, the CV already uploaded (its stored file, not its bytes) and the areas the CV
 * suggested. Kept per account in localStorage, so it outlives Back, Forward, a reload and signing in again; another
 * account on the same browser never sees it. Sending the application deletes it; so does 30 days without a change.
 */
import type { WizardDraft } from '@shared/application-rules';
import type { FileInfo } from '@shared/schemas/files';

export type StoredWizard = {
  step: number;
  /** The fields; `hasCv` is decided from `cv`. */
  fields: Omit<WizardDraft, 'hasCv'>;
  cv: FileInfo | null;
  suggested: string[];
};

const keyOf = (userId: string) => `mentora.application-draft:${userId}`;
const lifetimeMs = 30 * 24 * 60 * 60 * 1000;

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** Storage is the person's to edit: only a draft of the right shape is restored (the server checks it all again). */
function isStored(v: unknown): v is StoredWizard & { savedAt: number } {
  const s = v as Partial<StoredWizard & { savedAt: number }> | null;
  const f = s?.fields as Record<string, unknown> | undefined;
  const textFields = ['professionalTitle', 'yearsExperience', 'linkedinProfile', 'whyExpert', 'referenceName', 'referencePosition', 'referenceEmail'];
  return Boolean(
    s &&
    typeof s.step === 'number' &&
    typeof s.savedAt === 'number' &&
    f &&
    textFields.every((k) => typeof f[k] === 'string') &&
    isStrings(f.selectedExpertise) &&
    isStrings(s.suggested) &&
    (s.cv === null ||
      (typeof s.cv?.id === 'string' &&
        typeof s.cv.url === 'string' &&
        s.cv.url.startsWith('/api/files/') &&
        typeof s.cv.name === 'string' &&
        typeof s.cv.sizeBytes === 'number')),
  );
}

/** `userId`'s kept draft, or null (none, unreadable, or older than 30 days). */
export function loadWizardDraft(userId: string, now = Date.now()): StoredWizard | null {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? 'null');
    if (!isStored(kept) || now - kept.savedAt > lifetimeMs) return null;
    const { savedAt: _, ...draft } = kept;
    return draft;
  } catch {
    return null;
  }
}

export function saveWizardDraft(userId: string, draft: StoredWizard): void {
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify({ ...draft, savedAt: Date.now() }));
  } catch {
    /* storage full or unavailable: the draft lives as long as the page */
  }
}

export function clearWizardDraft(userId: string): void {
  try {
    localStorage.removeItem(keyOf(userId));
  } catch {
    /* nothing to clear */
  }
}
