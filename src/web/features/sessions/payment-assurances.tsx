import { ShieldCheck } from 'lucide-react';
import { holdTerms } from '@shared/sessions';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

const steps = [
  { title: 'Book & pay', text: 'Your payment is held securely — the expert is not paid yet.' },
  { title: 'Meet by video', text: 'Join the video call from your session page at the booked time.' },
  { title: 'Confirm the session', text: 'Tell us the session took place, or report an issue.' },
  { title: 'Payment released', text: 'Once you confirm, the payment is released to the expert.' },
];

/** Payment protection notice (docs/product.md "Payments"): held until confirmed, refund per policy, 72 hours to report. */
export function ProtectionNotice() {
  return (
    <section aria-labelledby="protection-title" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5">
      <h2 id="protection-title" className="flex items-center gap-2 font-semibold text-emerald-900">
        <ShieldCheck className="h-5 w-5" aria-hidden />
        Your payment is protected
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-emerald-900">
        <li>{holdTerms}</li>
        <li>If the session is cancelled, you are refunded according to the expert's cancellation policy.</li>
        <li>Something went wrong? Report an issue within 72 hours of the session and our team will step in.</li>
      </ul>
    </section>
  );
}

/** The four-step 'How it works' (docs/product.md "Payments"). */
export function HowItWorks() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>How it works</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="space-y-4">
          {steps.map((step, i) => (
            <li key={step.title} className="flex gap-3">
              <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white" aria-hidden>
                {i + 1}
              </span>
              <div>
                <p className="text-sm font-semibold text-slate-900">
                  <span className="sr-only">Step {i + 1}: </span>
                  {step.title}
                </p>
                <p className="text-sm text-slate-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
