import type { ReactNode } from 'react';

/** The heading block at the top of a content page: an h1, an optional lead and an optional eyebrow. */
export function PageHeader({ title, lead, eyebrow, children }: { title: ReactNode; lead?: ReactNode; eyebrow?: ReactNode; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-5xl px-4 py-14 text-center sm:py-20">
        {eyebrow ? <p className="mb-3 text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p> : null}
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
        {lead ? <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">{lead}</p> : null}
        {children ? <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div> : null}
      </div>
    </section>
  );
}
