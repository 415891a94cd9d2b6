import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-semibold transition-colors disabled:pointer-events-none disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 cursor-pointer',
  {
    variants: {
      variant: {
        default: 'bg-brand-600 text-white hover:bg-brand-700 shadow-sm',
        outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
        secondary: 'bg-brand-50 text-brand-700 hover:bg-brand-100',
        ghost: 'text-slate-700 hover:bg-slate-100',
        destructive: 'bg-red-600 text-white hover:bg-red-700',
        link: 'text-brand-700 underline-offset-4 hover:underline px-0',
      },
      size: { default: 'h-10 px-4 py-2', sm: 'h-8 px-3', lg: 'h-12 px-6 text-base', icon: 'h-10 w-10' },
      // A label that may be long (an organisation's name in it): wraps within the button's width, at least as tall as its size.
      wrap: { true: 'h-auto max-w-full whitespace-normal text-center wrap-anywhere', false: '' },
    },
    compoundVariants: [
      { wrap: true, size: 'default', className: 'min-h-10' },
      { wrap: true, size: 'lg', className: 'min-h-12 py-2.5' },
    ],
    defaultVariants: { variant: 'default', size: 'default', wrap: false },
  },
);

export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

/** Button; `asChild` renders its child (e.g. a router Link) with button styling. */
export function Button({ className, variant, size, wrap, asChild, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return <Comp className={cn(buttonVariants({ variant, size, wrap }), className)} type={asChild ? undefined : (type ?? 'button')} {...props} />;
}
