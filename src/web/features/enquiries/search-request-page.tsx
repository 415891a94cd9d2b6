/**
 * Search request page /search (docs/product.md "Enquiries"): personal details and a free-text
 * request of at most 400 characters with a live counter. The request is stored for the team; then a
 * toast 'Search submitted' and on to /results?query={text}.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import { countryCodes, searchTextMax } from '@shared/constants';
import { messages } from '@shared/messages';
import { matchRequestInput } from '@shared/schemas/enquiries';
import type { Me } from '@shared/schemas/profile';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { FormError, Input, Select, Textarea } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { useSendMatchRequest } from './api/send-match-request';
import { cn } from '../../lib/cn';
import { formErrors } from './form-errors';
import { usePrefill } from './use-prefill';

type Values = z.input<typeof matchRequestInput>;
const fieldOrder = ['firstName', 'lastName', 'email', 'countryCode', 'mobileNumber', 'requestText'] as const;
const prefill = (me: Me) => ({ firstName: me.firstName, lastName: me.lastName, email: me.email });

export default function SearchRequestPage() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof matchRequestInput>>({
    resolver: zodResolver(matchRequestInput),
    defaultValues: { firstName: '', lastName: '', email: '', mobileNumber: '', requestText: '' },
  });
  const { register, handleSubmit, control, formState } = form;
  usePrefill(form, prefill);
  const length = (useWatch({ control, name: 'requestText' }) ?? '').length;
  const errors = formErrors(formState.errors, fieldOrder, messages.search.personalFields);

  const send = useSendMatchRequest();
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await send.mutateAsync(values);
      toast.success(messages.search.submittedTitle, { description: messages.search.submittedDescription });
      navigate(`/results?query=${encodeURIComponent(values.requestText)}`);
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : messages.common.internal);
    }
  });

  return (
    <>
      <PageHeader
        eyebrow="Custom expert match"
        title="Find your expert"
        lead="Tell us who you are and what you need. We'll match you with experts who have done it before."
      />
      <div className="mx-auto max-w-3xl px-4 pb-16 sm:pb-24">
        <Card className="p-6 sm:p-8">
          <form onSubmit={onSubmit} noValidate className="space-y-8">
            <fieldset className="space-y-5">
              <legend className="mb-5 text-xl font-semibold text-slate-900">Your details</legend>
              <div className="grid gap-5 sm:grid-cols-2">
                <FormField id="search-first-name" label="First name" required error={errors.field('firstName')}>
                  {(aria) => <Input {...aria} autoComplete="given-name" {...register('firstName')} />}
                </FormField>
                <FormField id="search-last-name" label="Last name" required error={errors.field('lastName')}>
                  {(aria) => <Input {...aria} autoComplete="family-name" {...register('lastName')} />}
                </FormField>
              </div>
              <FormField id="search-email" label="Email" required error={errors.field('email')}>
                {(aria) => <Input {...aria} type="email" autoComplete="email" {...register('email')} />}
              </FormField>
              <div className="grid grid-cols-[7.5rem_1fr] gap-3 sm:grid-cols-[9rem_1fr] sm:gap-5">
                <FormField id="search-country-code" label="Country code" required error={errors.field('countryCode')}>
                  {(aria) => (
                    <Select {...aria} autoComplete="tel-country-code" defaultValue="" {...register('countryCode')}>
                      <option value="" disabled>
                        Select
                      </option>
                      {countryCodes.map((code) => (
                        <option key={code} value={code}>
                          {code}
                        </option>
                      ))}
                    </Select>
                  )}
                </FormField>
                <FormField id="search-mobile" label="Mobile number" required error={errors.field('mobileNumber')}>
                  {(aria) => <Input {...aria} type="tel" inputMode="tel" autoComplete="tel-national" {...register('mobileNumber')} />}
                </FormField>
              </div>
            </fieldset>
            <FormField
              id="search-request"
              label="What are you looking for?"
              required
              error={errors.field('requestText')}
              hint={
                <p className={cn('text-right text-sm tabular-nums', length > searchTextMax ? 'font-semibold text-red-700' : 'text-slate-600')}>
                  <span className="sr-only">Characters used: </span>
                  {length}/{searchTextMax}
                </p>
              }
            >
              {(aria) => (
                <Textarea
                  {...aria}
                  rows={6}
                  placeholder="e.g. I'm a final-year marketing student looking for someone in brand strategy to review my CV and help me prepare for graduate interviews."
                  {...register('requestText')}
                />
              )}
            </FormField>
            <div className="space-y-4">
              <FormError>{failure ?? errors.summary}</FormError>
              <Button type="submit" size="lg" className="w-full" disabled={formState.isSubmitting}>
                {formState.isSubmitting ? 'Submitting…' : 'Show Results'}
              </Button>
            </div>
          </form>
        </Card>
      </div>
    </>
  );
}
