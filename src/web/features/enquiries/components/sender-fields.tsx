import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';

/**
 * Who is writing, side by side on wide screens: the name and the e-mail address the team replies to
 * (docs/product.md "Enquiries"), for the forms whose schema has `name` and `email`.
 */
export function SenderFields({
  idPrefix,
  register,
  error,
  labels = { name: 'Name', email: 'Email' },
}: {
  idPrefix: string;
  register: (field: 'name' | 'email') => UseFormRegisterReturn;
  error: (field: 'name' | 'email') => string | undefined;
  labels?: { name: string; email: string };
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField id={`${idPrefix}-name`} label={labels.name} required error={error('name')}>
        {(aria) => <Input {...aria} autoComplete="name" {...register('name')} />}
      </FormField>
      <FormField id={`${idPrefix}-email`} label={labels.email} required error={error('email')}>
        {(aria) => <Input {...aria} type="email" autoComplete="email" {...register('email')} />}
      </FormField>
    </div>
  );
}
