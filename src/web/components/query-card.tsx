import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Card } from './ui/card';
import { LoadError } from './ui/load-error';
import { Spinner } from './ui/spinner';

/**
 * A titled card region that shows one read: a spinner while it loads, the failure with 'Try again' in place of the
 * content (`failure` says what could not be loaded; never an empty state), then `children` with the data. `actions`
 * (links or buttons that need no data, such as a download) sit beside the title whatever the read's state.
 */
export function QueryCard<T>({
  title,
  failure,
  query,
  actions,
  children,
}: {
  title: string;
  failure: string;
  query: UseQueryResult<T>;
  actions?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const id = useId();
  const heading = (
    <h2 id={id} className="text-lg font-semibold text-slate-900">
      {title}
    </h2>
  );
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby={id}>
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {query.isPending ? <Spinner /> : query.isError ? <LoadError what={failure} error={query.error} onRetry={query.refetch} /> : children(query.data)}
    </Card>
  );
}
