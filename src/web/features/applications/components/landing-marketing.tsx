import { BadgeDollarSign, CalendarClock, GraduationCap, Mail, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { supportEmail } from '@shared/constants';
import { Accordion } from '../../../components/ui/accordion';
import { Button } from '../../../components/ui/button';
import { applicationFaqs, applySteps, expertBenefits } from '../landing-content';
import { VideoPlaceholder } from './video-placeholder';

const benefitIcons = [CalendarClock, BadgeDollarSign, GraduationCap];

/** The marketing page for people who may apply (docs/product.md "Expert applications"): hero with video placeholder, Apply / Review / Start mentoring, benefits, FAQ, contact. */
export function LandingMarketing() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Become an expert</p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">Share what you know. Shape someone's career.</h1>
            <p className="mt-5 text-lg text-slate-700">
              Mentor students, graduates and early-career professionals in one-to-one video sessions. You set your rate and your hours; we bring the clients,
              the bookings and secure payment.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg">
                <Link to="/expert/application">Apply Now</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <a href="#how-it-works">See how it works</a>
              </Button>
            </div>
          </div>
          <VideoPlaceholder />
        </div>
      </section>

      <section id="how-it-works" aria-labelledby="how-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-14">
        <h2 id="how-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          How it works
        </h2>
        <ol className="mt-10 grid gap-5 md:grid-cols-3">
          {applySteps.map((step, i) => (
            <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white" aria-hidden>
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">
                <span className="sr-only">Step {i + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="why-title" className="bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h2 id="why-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
            Why mentor with Mentora
          </h2>
          <ul className="mt-10 grid gap-5 md:grid-cols-3">
            {expertBenefits.map((b, i) => {
              const Icon = benefitIcons[i]!;
              return (
                <li key={b.title} className="rounded-2xl bg-white p-6 shadow-sm">
                  <Icon className="h-7 w-7 text-brand-600" aria-hidden />
                  <h3 className="mt-3 text-lg font-semibold text-slate-900">{b.title}</h3>
                  <p className="mt-2 text-slate-700">{b.text}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-14">
        <h2 id="faq-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          Frequently asked questions
        </h2>
        <Accordion className="mt-8" items={applicationFaqs.map((f, i) => ({ id: `faq-${i}`, title: f.q, content: <p>{f.a}</p> }))} />
      </section>

      <section aria-labelledby="contact-title" className="px-4 pb-16">
        <div className="mx-auto max-w-4xl rounded-3xl bg-brand-700 px-6 py-10 text-center text-white sm:px-12">
          <h2 id="contact-title" className="text-2xl font-bold sm:text-3xl">
            Questions before you apply?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-brand-100">Our team is happy to help. We reply to every message within 24 hours.</p>
          <div className="mt-7 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg" variant="secondary">
              <Link to="/contact">
                <MessageCircle className="h-5 w-5" aria-hidden /> Contact us
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="border-white/40 bg-transparent text-white hover:bg-white/10">
              <a href={`mailto:${supportEmail}`}>
                <Mail className="h-5 w-5" aria-hidden /> {supportEmail}
              </a>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
