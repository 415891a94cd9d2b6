import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { applicationReviewHours } from '@shared/application-status';
import { messages } from '@shared/messages';
import { Button } from '../../../components/ui/button';

/** 'Application Submitted!' (docs/product.md "Expert applications"): a reply within 72 hours and a button to the expert dashboard. Focus moves to the heading. */
export function SubmittedScreen() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col items-center px-2 py-8 text-center sm:py-12">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
        <CircleCheck className="h-9 w-9" aria-hidden />
      </span>
      <h1 ref={heading} tabIndex={-1} className="mt-5 text-3xl font-bold tracking-tight text-slate-900 focus:outline-none">
        {messages.application.submittedTitle}
      </h1>
      <p className="mt-3 max-w-md text-slate-700">
        Thank you for applying to mentor on Mentora. Our team will review your application and get back to you within {applicationReviewHours} hours. We have
        sent a confirmation to your e-mail address.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/dashboard/expert">Go to Expert Dashboard</Link>
      </Button>
    </div>
  );
}
