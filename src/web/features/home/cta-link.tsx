import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, type ButtonProps } from '../../components/ui/button';
import { cn } from '../../lib/cn';

const tones = {
  primary: { variant: 'default', className: '' },
  outline: { variant: 'outline', className: '' },
  /** White button for dark or brand backgrounds. */
  inverse: { variant: 'default', className: 'bg-white text-brand-700 shadow-md hover:bg-brand-50 focus-visible:outline-white' },
  /** Translucent button beside an `inverse` one. */
  ghostInverse: { variant: 'default', className: 'border border-white/40 bg-white/10 text-white shadow-none hover:bg-white/20 focus-visible:outline-white' },
} satisfies Record<string, { variant: ButtonProps['variant']; className: string }>;

/** A large call-to-action link styled as a button, optionally ending in an arrow. */
export function CtaLink({
  to,
  children,
  tone = 'primary',
  arrow = false,
  className,
}: {
  to: string;
  children: ReactNode;
  tone?: keyof typeof tones;
  arrow?: boolean;
  className?: string;
}) {
  const t = tones[tone];
  return (
    <Button asChild size="lg" variant={t.variant} className={cn(t.className, className)}>
      <Link to={to}>
        {children}
        {arrow ? <ArrowRight className="h-4 w-4" aria-hidden /> : null}
      </Link>
    </Button>
  );
}
