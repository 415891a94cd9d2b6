/**
 * Partner enquiry /how-it-works/partner (docs/product.md "Enquiries"): the sender's name and e-mail (prefilled when
 * signed in; the team replies there), business type (required text) and a description of the organisation and its
 * goals (required, multi-line). Stored for the team's inbox; success shows a thank-you with a link home.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2, GraduationCap } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { messages } from '@shared/messages';
import { partnerEnquiryInput } from '@shared/schemas/enquiries';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { FormError, Input, Textarea } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { useSendPartnerEnquiry } from './api/send-partner-enquiry';
import { SenderFields } from './components/sender-fields';
import { SuccessPanel } from './components/success-panel';
import { formErrors } from './form-errors';
import { senderPrefill, usePrefill } from './use-prefill';

type Values = z.input<typeof partnerEnquiryInput>;
const fieldOrder = ['name', 'email', 'businessType', 'description'] as const;

const partnerKinds = [
  { icon: GraduationCap, title: 'Universities', text: 'Bulk credits, co-branded workshops, access codes and pilots.', to: '/partner/university' },
  { icon: Building2, title: 'Recruitment agencies', text: 'Support your candidates with mentoring from industry experts.', to: '/partner/recruitment' },
] as const;

export default function PartnerEnquiryPage() {
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof partnerEnquiryInput>>({
    resolver: zodResolver(partnerEnquiryInput),
    defaultValues: { name: '', email: '', businessType: '', description: '' },
  });
  const { register, handleSubmit, formState } = form;
  usePrefill(form, senderPrefill);
  const errors = formErrors(formState.errors, fieldOrder, messages.partner.requiredFields);

  const send = useSendPartnerEnquiry();
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await send.mutateAsync(values);
      setSent(true);
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : messages.common.internal);
    }
  });

  return (
    <>
      <PageHeader
        eyebrow="Partners"
        title="Partner with us"
        lead="Tell us about your organisation and what you want to achieve, and we'll shape a mentoring programme with you."
      />
      <div className="mx-auto grid max-w-5xl gap-6 px-4 pb-16 sm:pb-24 lg:grid-cols-[1fr_2fr] lg:gap-10">
        <Card className="p-6 sm:p-8 lg:order-2">
          {sent ? (
            <SuccessPanel
              title="Thank you!"
              actions={
                <Button asChild>
                  <Link to="/">Back to home</Link>
                </Button>
              }
            >
              <p>We have received your enquiry. Our partnerships team will be in touch soon.</p>
            </SuccessPanel>
          ) : (
            <form onSubmit={onSubmit} noValidate className="space-y-5" aria-labelledby="partner-form-title">
              <h2 id="partner-form-title" className="text-xl font-semibold text-slate-900">
                Your organisation
              </h2>
              <SenderFields idPrefix="partner" register={register} error={errors.field} labels={{ name: 'Your name', email: 'Work email' }} />
              <FormField id="partner-business-type" label="Business Type" required error={errors.field('businessType')}>
                {(aria) => (
                  <Input
                    {...aria}
                    placeholder="e.g. University, recruitment agency, employer"
                    autoComplete="organization-title"
                    {...register('businessType')}
                  />
                )}
              </FormField>
              <FormField id="partner-description" label="Describe your organisation and your goals" required error={errors.field('description')}>
                {(aria) => (
                  <Textarea {...aria} rows={7} placeholder="Who you are, who you support, and what a partnership should achieve" {...register('description')} />
                )}
              </FormField>
              <FormError>{failure ?? errors.summary}</FormError>
              <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={formState.isSubmitting}>
                {formState.isSubmitting ? 'Submitting…' : 'Submit enquiry'}
              </Button>
            </form>
          )}
        </Card>
        <aside className="space-y-4 lg:order-1" aria-label="Who we partner with">
          {partnerKinds.map(({ icon: Icon, title, text, to }) => (
            <div key={to} className="flex gap-3 rounded-2xl bg-slate-50 p-5">
              <Icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden />
              <div>
                <h2 className="font-semibold text-slate-900">
                  <Link to={to} className="underline-offset-4 hover:text-brand-700 hover:underline">
                    {title}
                  </Link>
                </h2>
                <p className="mt-1 text-sm text-slate-700">{text}</p>
              </div>
            </div>
          ))}
        </aside>
      </div>
    </>
  );
}
