import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Label } from './input';

/** ARIA wiring a field's control receives from `FormField`. */
export type FieldControlProps = { id: string; 'aria-invalid': boolean; 'aria-required'?: boolean; 'aria-describedby'?: string };

/**
 * One labelled form control with its inline error and an optional hint (text, or a node such as a character
 * counter). Required fields show a red asterisk (hidden from screen readers: the control is aria-required),
 * optional ones say '(optional)'. The control gets aria-invalid, aria-required and aria-describedby pointing
 * at the hint and the error. Used by the enquiry forms and the expert application wizard.
 */
export function FormField({
  id,
  label,
  required = false,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span className="text-red-700" aria-hidden>
            {' '}
            *
          </span>
        ) : (
          <span className="font-normal text-slate-600"> (optional)</span>
        )}
      </Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-required': required || undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <div id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </div>
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
