/**
 * The submit of a dialog that performs one action: the action runs; on success a toast says what happened and the
 * dialog closes, on failure the dialog stays open with the server's words in it.
 */
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from './toast';

export function useDialogAction<TVars, TResult>(mutation: UseMutationResult<TResult, Error, TVars>, close: () => void) {
  const [error, setError] = useState<string | null>(null);
  /** Runs the action with `vars`; `done` is the toast on success (or makes it from the answer), `onDone` resets the dialog's fields. */
  const run = (vars: TVars, done: string | ((result: TResult) => string), onDone?: () => void) => {
    setError(null);
    // The promise, not mutate's callbacks: those are dropped when the dialog unmounts before the answer, and an action
    // can unmount its own dialog (lifting a messaging suspension removes the button that opened it once the admin
    // reads refresh), which lost the toast.
    mutation.mutateAsync(vars).then(
      (result) => {
        toast.success(typeof done === 'string' ? done : done(result));
        onDone?.();
        close();
      },
      (err: Error) => setError(err.message),
    );
  };
  return { error, setError, run, pending: mutation.isPending };
}
