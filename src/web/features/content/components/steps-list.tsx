import { cn } from '../../../lib/cn';
import type { Step } from '../content-types';

const wideColumns: Record<number, string> = { 3: 'lg:grid-cols-3', 4: 'lg:grid-cols-4', 5: 'lg:grid-cols-5' };

/** A numbered "how it works" sequence: one column per step on wide screens, stacked on phones. */
export function StepsList({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className={cn('grid gap-4 sm:grid-cols-2', wideColumns[steps.length])}>
      {steps.map((step, i) => (
        <li key={step.title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-col sm:gap-0">
          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white" aria-hidden>
            {i + 1}
          </span>
          <div>
            <h3 className="font-semibold text-slate-900 sm:mt-4">
              <span className="sr-only">Step {i + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-700">{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
