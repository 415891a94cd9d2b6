/** A titled part of a page, named by its heading for assistive technology (the expert's plans and packages pages). */
import type { ReactNode } from 'react';

export function PagePart({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
