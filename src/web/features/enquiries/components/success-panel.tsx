import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';

/** The view that replaces a form once it was sent; focus moves to its heading so the change is announced. */
export function SuccessPanel({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col items-center px-2 py-6 text-center sm:py-10">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
        <CircleCheck className="h-8 w-8" aria-hidden />
      </span>
      <h2 ref={heading} tabIndex={-1} className="mt-5 text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
        {title}
      </h2>
      <div className="mt-3 max-w-md text-slate-700">{children}</div>
      <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">{actions}</div>
    </div>
  );
}
