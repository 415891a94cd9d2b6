import { useEffect } from 'react';
import type { FieldValues, Path, PathValue, UseFormGetValues, UseFormSetValue } from 'react-hook-form';
import type { Me } from '@shared/schemas/profile';
import { useAuth } from '../../lib/auth';

/** The signed-in sender's name and e-mail, for the forms that ask who to reply to (contact, partner enquiry). */
export const senderPrefill = (me: Me) => ({ name: me.fullName, email: me.email });

/**
 * Fills empty fields from the signed-in account once it has loaded (never overwrites what was typed).
 * `pick` must be stable (declare it at module level).
 */
export function usePrefill<T extends FieldValues>(
  form: { getValues: UseFormGetValues<T>; setValue: UseFormSetValue<T> },
  pick: (me: Me) => Partial<Record<Path<T>, string | null>>,
) {
  const { me } = useAuth();
  const { getValues, setValue } = form;
  useEffect(() => {
    if (!me) return;
    for (const [name, value] of Object.entries(pick(me)) as [Path<T>, string | null | undefined][]) {
      if (value && !getValues(name)) setValue(name, value as PathValue<T, Path<T>>);
    }
  }, [me, pick, getValues, setValue]);
}
