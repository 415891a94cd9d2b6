/**
 * The 5-step expert application (docs/product.md "Expert applications"): Next and
 * Previous, each step's enabling rule and its reason, progress in percent with the time still needed,
 * and a 50 ms step change after the active field loses focus. Submission only on the last step. The draft — step,
 * fields, uploaded CV — is kept per account in this browser until it is sent ("Drafts"; wizard-draft-store.ts).
 */
import { ArrowLeft, ArrowRight, Send } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { emptyDraft, stepCheck, wizardStepCount, wizardSteps, type WizardDraft, type YearsExperienceBand } from '@shared/application-rules';
import { delays } from '@shared/constants';
import { messages } from '@shared/messages';
import { ExpertisePicker } from '../../../components/expertise-picker';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { useSubmitApplication } from '../api/submit-application';
import { StepBackground } from './step-background';
import { StepCv } from './step-cv';
import { StepMotivation } from './step-motivation';
import { StepReferences } from './step-references';
import { useCvUpload } from './use-cv-upload';
import { clearWizardDraft, loadWizardDraft, saveWizardDraft } from './wizard-draft-store';
import { WizardProgress } from './wizard-progress';

const blank = (v: string) => v.trim() || undefined;

/** `userId` is the signed-in account the draft is kept for. */
export function ApplicationWizard({ userId, onSubmitted }: { userId: string; onSubmitted: () => void }) {
  const sendApplication = useSubmitApplication();
  // The page renders only in the browser (it is not in entry-server.tsx's renderedRoutes), so storage may seed it.
  const [kept] = useState(() => loadWizardDraft(userId));
  const [step, setStep] = useState(() => Math.min(Math.max(kept?.step ?? 1, 1), wizardStepCount));
  const [draft, setDraft] = useState<WizardDraft>(() => (kept ? { ...emptyDraft, ...kept.fields } : emptyDraft));
  const [submitting, setSubmitting] = useState(false);
  // The draft as last rendered, for the CV upload that finishes after later edits (a ref is written after render, not during it).
  const latest = useRef(draft);
  useEffect(() => {
    latest.current = draft;
  }, [draft]);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const update = (patch: Partial<WizardDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const cv = useCvUpload(
    () => latest.current.selectedExpertise,
    (selectedExpertise) => update({ selectedExpertise }),
    kept,
    // The CV step again, where the message is: a later step must not be sent without the CV it asked for.
    () => setStep((s) => Math.min(s, 2)),
  );
  const sent = useRef(false);
  // Kept in the same commit that shows the step: an ordinary effect runs a moment after it, and Back or a closed tab
  // in that moment kept the step before (a journey's Back right after Next came forward to the CV step again).
  useLayoutEffect(() => {
    if (sent.current) return;
    const { hasCv: _, ...fields } = draft;
    saveWizardDraft(userId, { step, fields, cv: cv.cv?.info ?? null, suggested: cv.suggested });
  }, [userId, step, draft, cv.cv?.info, cv.suggested]);
  const view: WizardDraft = { ...draft, hasCv: Boolean(cv.cv && cv.cv.status !== 'uploading') };
  const check = stepCheck(step, view);

  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  /** Blur the active field, wait 50 ms (docs/product.md "Expert applications"), then change step. */
  async function go(to: number) {
    (document.activeElement as HTMLElement | null)?.blur();
    await new Promise((r) => setTimeout(r, delays.wizardStepMs));
    moved.current = true;
    setStep(Math.min(Math.max(to, 1), wizardStepCount));
  }

  async function submit() {
    setSubmitting(true);
    try {
      const cvFileId = await cv.ensureUploaded();
      const { emailQueued } = await sendApplication.mutateAsync({
        professionalTitle: view.professionalTitle,
        yearsExperience: view.yearsExperience as YearsExperienceBand,
        linkedinProfile: blank(view.linkedinProfile),
        cvFileId,
        selectedExpertise: view.selectedExpertise,
        whyExpert: view.whyExpert,
        referenceName: blank(view.referenceName),
        referencePosition: blank(view.referencePosition),
        referenceEmail: blank(view.referenceEmail),
      });
      sent.current = true;
      clearWizardDraft(userId);
      if (emailQueued) toast.success(messages.application.submitted);
      else toast.warning(messages.application.submittedEmailDelayed);
      onSubmitted();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) toast.error(messages.application.signInToSubmit);
      else toast.error(messages.application.submitFailed(err instanceof Error ? err.message : undefined));
      setSubmitting(false);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!check.ok || submitting) return;
    if (step < wizardStepCount) void go(step + 1);
    else void submit();
  }

  const meta = wizardSteps[step - 1]!;
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="wizard-step-title" className="space-y-6">
      <WizardProgress step={step} />
      <div>
        <h2 id="wizard-step-title" ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
          {meta.title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{meta.description}</p>
      </div>
      {step === 1 ? <StepBackground draft={draft} update={update} /> : null}
      {step === 2 ? <StepCv cv={cv.cv} error={cv.error} analyzing={cv.analyzing} onChoose={(f) => void cv.choose(f)} onRetry={() => void cv.retry()} /> : null}
      {step === 3 ? (
        <ExpertisePicker value={draft.selectedExpertise} suggested={cv.suggested} onChange={(selectedExpertise) => update({ selectedExpertise })} />
      ) : null}
      {step === 4 ? <StepMotivation draft={draft} update={update} /> : null}
      {step === 5 ? <StepReferences draft={draft} update={update} /> : null}

      <div className="border-t border-slate-200 pt-5">
        {!check.ok ? (
          <p id="wizard-step-rule" className="mb-3 text-sm text-slate-600" aria-live="polite">
            {check.reason}
          </p>
        ) : null}
        <div className="flex items-center justify-between gap-3">
          <Button variant="outline" onClick={() => void go(step - 1)} disabled={step === 1 || submitting}>
            <ArrowLeft className="h-4 w-4" aria-hidden /> Previous
          </Button>
          {step < wizardStepCount ? (
            <Button type="submit" disabled={!check.ok} aria-describedby={check.ok ? undefined : 'wizard-step-rule'}>
              Next <ArrowRight className="h-4 w-4" aria-hidden />
            </Button>
          ) : (
            <Button type="submit" disabled={!check.ok || submitting} aria-describedby={check.ok ? undefined : 'wizard-step-rule'}>
              <Send className="h-4 w-4" aria-hidden /> {submitting ? 'Submitting…' : 'Submit Application'}
            </Button>
          )}
        </div>
      </div>
    </form>
  );
}
