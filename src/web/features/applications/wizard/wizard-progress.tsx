import { wizardProgress, wizardStepCount, wizardSteps } from '@shared/application-rules';

/** "Step 2 of 5", the step's title, a progress bar with its percent and the time still needed (docs/product.md "Expert applications"). */
export function WizardProgress({ step }: { step: number }) {
  const { percent, remaining } = wizardProgress(step);
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <p className="font-medium text-slate-900">
          Step {step} of {wizardStepCount}
          <span className="text-slate-600"> · {wizardSteps[step - 1]?.title}</span>
        </p>
        <p className="text-slate-600">
          <span className="font-semibold text-brand-700">{percent}% complete</span> · {remaining}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Application progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% complete, ${remaining.toLowerCase()}`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
