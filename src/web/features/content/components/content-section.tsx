import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/**
 * One titled band of a content page: a `<section>` labelled by its h2, with an optional lead.
 * `muted` gives the band a pale slate background to separate it from its neighbours.
 */
export function ContentSection({
  id,
  title,
  lead,
  muted,
  narrow,
  children,
}: {
  id: string;
  title: ReactNode;
  lead?: ReactNode;
  muted?: boolean;
  narrow?: boolean;
  children: ReactNode;
}) {
  const headingId = `${id}-title`;
  return (
    <section aria-labelledby={headingId} className={cn('py-14 sm:py-20', muted && 'bg-slate-50')}>
      <div className={cn('mx-auto px-4', narrow ? 'max-w-3xl' : 'max-w-6xl')}>
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {title}
          </h2>
          {lead ? <p className="mt-3 text-lg text-slate-700">{lead}</p> : null}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
