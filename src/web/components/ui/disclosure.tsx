import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * Disclosure navigation (WAI-ARIA "disclosure navigation menu" pattern): a button with aria-expanded that
 * shows a panel of links. Escape closes and returns focus to the button; a click or focus outside closes.
 * `children` receives `close` so a link can close the panel after navigation.
 */
export function Disclosure({
  label,
  buttonClassName,
  panelClassName,
  align = 'left',
  children,
}: {
  label: ReactNode;
  buttonClassName?: string;
  panelClassName?: string;
  align?: 'left' | 'right';
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
        className={cn('inline-flex cursor-pointer items-center gap-1', buttonClassName)}
      >
        {label}
        <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      <div
        id={id}
        hidden={!open}
        className={cn(
          'absolute top-full z-50 mt-1.5 min-w-48 rounded-xl border border-slate-200 bg-white p-1 shadow-lg',
          align === 'right' ? 'right-0' : 'left-0',
          panelClassName,
        )}
      >
        {children(() => setOpen(false))}
      </div>
    </div>
  );
}
