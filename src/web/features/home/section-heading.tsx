import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** The eyebrow, h2 and lead that open each landing section. `id` labels the section (aria-labelledby). */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = 'center',
  tone = 'light',
}: {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  align?: 'center' | 'left';
  tone?: 'light' | 'dark';
}) {
  const dark = tone === 'dark';
  return (
    <div className={cn('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
      {eyebrow ? <p className={cn('text-sm font-semibold uppercase tracking-wider', dark ? 'text-indigo-200' : 'text-brand-700')}>{eyebrow}</p> : null}
      <h2 id={id} className={cn('mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl', dark ? 'text-white' : 'text-slate-900')}>
        {title}
      </h2>
      {lead ? <p className={cn('mt-4 text-lg text-pretty', dark ? 'text-indigo-100' : 'text-slate-600')}>{lead}</p> : null}
    </div>
  );
}
