import { Children, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const field =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:opacity-60 aria-[invalid=true]:border-red-500';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(field, 'h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(field, 'min-h-28', className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(field, 'h-10', className)} {...props} />;
}

export function Label({ className, htmlFor, children, ...props }: ComponentProps<'label'>) {
  return (
    <label htmlFor={htmlFor} className={cn('mb-1.5 block text-sm font-medium text-slate-800', className)} {...props}>
      {children}
    </label>
  );
}

/** A red inline message for a form or field error; announced to screen readers. */
export function FormError({ children, className }: { children?: React.ReactNode; className?: string }) {
  // Children such as `{error}{note}` with both null are an array: only what renders counts, or an empty red box shows.
  if (Children.toArray(children).every((child) => child === '')) return null;
  return (
    <div role="alert" className={cn('rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700', className)}>
      {children}
    </div>
  );
}
