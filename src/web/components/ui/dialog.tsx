import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';

/**
 * Modal dialog (WAI-ARIA dialog (modal) pattern via Radix): role=dialog, aria-modal, named by its title,
 * the page behind inert, focus moved in on open and trapped, Escape closes, and focus returns to whatever
 * opened it (the dialogs are controlled, without a Radix Trigger, so the opener is remembered here). The
 * description, when given, is announced after the title.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const opener = useRef<HTMLElement | null>(null);
  // While open, the page behind (the app root; the dialog is portalled outside it) is inert.
  useEffect(() => {
    const root = document.getElementById('root');
    if (!open || !root) return;
    root.inert = true;
    return () => {
      root.inert = false;
    };
  }, [open]);
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <D.Content
          className={cn(
            'fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl',
            className,
          )}
          aria-modal="true"
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return;
            event.preventDefault();
            const root = document.getElementById('root');
            if (root) root.inert = false;
            opener.current.focus();
          }}
        >
          <D.Title className="pr-8 text-lg font-semibold text-slate-900">{title}</D.Title>
          {description ? <D.Description className="mt-1 text-sm text-slate-600">{description}</D.Description> : null}
          <div className="mt-4">{children}</div>
          <D.Close className="absolute right-4 top-4 cursor-pointer rounded-md p-1 text-slate-500 hover:bg-slate-100" aria-label="Close">
            <X className="h-5 w-5" aria-hidden />
          </D.Close>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}

/** The buttons under a dialog's form: one that closes it (`cancelLabel`, 'Cancel') and the submit button. */
export function DialogButtons({
  onCancel,
  submitLabel,
  pending,
  destructive,
  cancelLabel = 'Cancel',
}: {
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  destructive?: boolean;
  cancelLabel?: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
        {submitLabel}
      </Button>
    </div>
  );
}
