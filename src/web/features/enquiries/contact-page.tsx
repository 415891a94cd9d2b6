/**
 * Contact page /contact (docs/product.md "Enquiries"): name, email, subject
 * (optional, defaults on the server) and message. Send stays disabled until the required fields have
 * text; success says we reply within 24 hours.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Clock, Mail } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { supportEmail } from '@shared/constants';
import { messages } from '@shared/messages';
import { contactInput } from '@shared/schemas/enquiries';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { FormError, Input, Textarea } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { useSendContact } from './api/send-contact';
import { SenderFields } from './components/sender-fields';
import { SuccessPanel } from './components/success-panel';
import { formErrors } from './form-errors';
import { senderPrefill, usePrefill } from './use-prefill';

type Values = z.input<typeof contactInput>;
const fieldOrder = ['name', 'email', 'subject', 'message'] as const;

/** The failure alert (docs/product.md "Enquiries"), with the server's reason on a second line when it refused the message (4xx). */
function FailureText({ err }: { err: unknown }) {
  const reason = err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : null;
  return (
    <>
      {messages.contact.failed}
      {reason ? <span className="mt-0.5 block">{reason}</span> : null}
    </>
  );
}

export default function ContactPage() {
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<{ err: unknown } | null>(null);
  const form = useForm<Values, unknown, z.output<typeof contactInput>>({
    resolver: zodResolver(contactInput),
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });
  const { register, handleSubmit, control, reset, getValues, formState } = form;
  usePrefill(form, senderPrefill);
  const [name, email, message] = useWatch({ control, name: ['name', 'email', 'message'] });
  const filled = Boolean(name && email && message);
  const errors = formErrors(formState.errors, fieldOrder, messages.contact.requiredFields);

  const send = useSendContact();
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await send.mutateAsync(values);
      setSent(true);
    } catch (err) {
      setFailure({ err });
    }
  });

  /** Back to the form, keeping who is writing but clearing what was sent. */
  function sendAnother() {
    reset({ ...getValues(), subject: '', message: '' });
    setSent(false);
  }

  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="Contact us"
        lead="Questions about sessions, payments or becoming an expert? Send us a message and our team will get back to you."
      />
      <div className="mx-auto grid max-w-5xl gap-6 px-4 pb-16 sm:pb-24 lg:grid-cols-[1fr_2fr] lg:gap-10">
        <Card className="p-6 sm:p-8 lg:order-2">
          {sent ? (
            <SuccessPanel
              title="Message sent!"
              actions={
                <>
                  <Button variant="outline" onClick={sendAnother}>
                    Send another message
                  </Button>
                  <Button asChild>
                    <Link to="/">Back to home</Link>
                  </Button>
                </>
              }
            >
              <p>Thank you for contacting us. We'll get back to you within 24 hours.</p>
            </SuccessPanel>
          ) : (
            <form onSubmit={onSubmit} noValidate className="space-y-5" aria-labelledby="contact-form-title">
              <h2 id="contact-form-title" className="text-xl font-semibold text-slate-900">
                Send us a message
              </h2>
              <SenderFields idPrefix="contact" register={register} error={errors.field} />
              <FormField id="contact-subject" label="Subject" error={errors.field('subject')}>
                {(aria) => <Input {...aria} placeholder="What is it about?" {...register('subject')} />}
              </FormField>
              <FormField id="contact-message" label="Message" required error={errors.field('message')}>
                {(aria) => <Textarea {...aria} rows={6} placeholder="How can we help?" {...register('message')} />}
              </FormField>
              <FormError>{failure ? <FailureText err={failure.err} /> : errors.summary}</FormError>
              <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
                <p className="text-sm text-slate-600">
                  Fields marked <span aria-hidden>*</span>
                  <span className="sr-only">with an asterisk</span> are required.
                </p>
                <Button type="submit" size="lg" disabled={!filled || formState.isSubmitting}>
                  {formState.isSubmitting ? 'Sending…' : 'Send Message'}
                </Button>
              </div>
            </form>
          )}
        </Card>
        <aside className="space-y-4 lg:order-1" aria-label="Other ways to reach us">
          <div className="flex gap-3 rounded-2xl bg-slate-50 p-5">
            <Clock className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden />
            <div>
              <h2 className="font-semibold text-slate-900">Quick replies</h2>
              <p className="mt-1 text-sm text-slate-700">We reply to every message within 24 hours.</p>
            </div>
          </div>
          <div className="flex gap-3 rounded-2xl bg-slate-50 p-5">
            <Mail className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden />
            <div>
              <h2 className="font-semibold text-slate-900">Prefer e-mail?</h2>
              <p className="mt-1 text-sm text-slate-700">
                Write to{' '}
                <a className="font-medium text-brand-700 underline-offset-4 hover:underline" href={`mailto:${supportEmail}`}>
                  {supportEmail}
                </a>
                . Many answers are already in our{' '}
                <Link className="font-medium text-brand-700 underline-offset-4 hover:underline" to="/how-it-works/client">
                  client FAQ
                </Link>
                .
              </p>
            </div>
          </div>
        </aside>
      </div>
    </>
  );
}
