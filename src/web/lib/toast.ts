/**
 * Toasts without their library on every page: `toast.success(…)` and the rest load sonner (~9 KB gzip) the first
 * time a page raises one, and `useToastsRaised` tells the layout to mount the toast area then. Sonner shows a new
 * toast area the toasts raised before it mounted, so nothing raised while it loads is lost.
 */
import { useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';

type Sonner = typeof import('sonner');
let sonner: Promise<Sonner> | null = null;
let raised = false;
const listeners = new Set<() => void>();

/** The toast library, loaded once; the first call also tells the layout to mount the toast area. */
export function loadToasts(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    raised = true;
    listeners.forEach((notify) => notify());
  }
  return sonner;
}

const raise =
  (kind: 'success' | 'error' | 'info' | 'warning') =>
  (message: string, options?: ExternalToast): void =>
    void loadToasts().then(({ toast }) => toast[kind](message, options));

/** Sonner's toast kinds this app raises: a message and sonner's options. */
export const toast = { success: raise('success'), error: raise('error'), info: raise('info'), warning: raise('warning') };

/** Whether any toast was raised on this page yet (the layout mounts the toast area from then on). */
export function useToastsRaised(): boolean {
  return useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      return () => listeners.delete(notify);
    },
    () => raised,
    () => false,
  );
}
