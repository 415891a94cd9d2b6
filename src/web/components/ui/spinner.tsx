import { cn } from '../../lib/cn';

/** Loading indicator with an accessible name (docs/product.md "Sessions"). */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span
      role="status"
      aria-label={label}
      className={cn('inline-block h-6 w-6 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600', className)}
    />
  );
}

export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner className="h-10 w-10" />
    </div>
  );
}
