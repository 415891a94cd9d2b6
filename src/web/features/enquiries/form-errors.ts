import type { FieldErrors, FieldValues, Path } from 'react-hook-form';

/**
 * Error texts for a form validated by a shared schema: `summary` is the first failing field's message
 * (the form's alert, shown in a FormError); `field(name)` is the inline text, where a field that is
 * merely missing says 'Required' instead of repeating the summary under every control.
 */
export function formErrors<T extends FieldValues>(errors: FieldErrors<T>, order: readonly Path<T>[], requiredMessage: string) {
  const message = (name: Path<T>) => {
    const m = (errors as Record<string, { message?: unknown } | undefined>)[name]?.message;
    return typeof m === 'string' ? m : undefined;
  };
  const summary = order.map(message).find(Boolean);
  const field = (name: Path<T>) => {
    const m = message(name);
    return m === requiredMessage ? 'Required' : m;
  };
  return { summary, field };
}
