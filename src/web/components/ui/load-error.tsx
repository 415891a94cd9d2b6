import { AlertCircle, RotateCw } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from './button';

/**
 * A read that failed: what could not be loaded, the reason the API gave, and a 'Try again' that repeats the
 * read. Shown in place of the content, so a failure never looks like an empty list or a missing offer.
 */
export function LoadError({
  what,
  error,
  onRetry,
  retrying = false,
  className,
}: {
  what: string;
  error?: Error | null;
  onRetry: () => unknown;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <div role="alert" className={cn('rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800', className)}>
      <p className="flex items-start gap-2 font-semibold">
        <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        {what}
      </p>
      {error?.message ? <p className="mt-1 pl-6 text-red-700">{error.message}</p> : null}
      <Button variant="outline" size="sm" className="ml-6 mt-3" onClick={() => void onRetry()} disabled={retrying} aria-busy={retrying}>
        <RotateCw className={cn('h-3.5 w-3.5', retrying && 'animate-spin motion-reduce:animate-none')} aria-hidden />
        Try again
      </Button>
    </div>
  );
}
