import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Label } from '../../../components/ui/input';

/** ARIA wiring a control receives from `Field`. */
export type FieldAria = { id: string; 'aria-invalid': boolean; 'aria-required'?: boolean; 'aria-describedby'?: string };

/** One labelled wizard control with an optional hint and inline error, wired with aria-describedby. */
export function Field({ id, label, required = false, hint, error, children }: { id: string; label: string; required?: boolean; hint?: ReactNode; error?: string; children: (aria: FieldAria) => ReactNode }) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div>
      <Label htmlFor={id}>
        {label}
        {required ? <span className="text-red-700"> *</span> : <span className="font-normal text-slate-600"> (optional)</span>}
      </Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-required': required || undefined, 'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined })}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700">
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {error}
        </p>
      ) : null}
    </div>
  );
}
