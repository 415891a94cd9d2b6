import { Rocket, Target, Zap } from 'lucide-react';
import { SectionHeading } from './section-heading';

const benefits = [
  {
    icon: Target,
    title: 'Personalised matching',
    description: 'Connect with experts who work in your industry and understand your goals, so every session is about where you want to go next.',
  },
  {
    icon: Zap,
    title: 'Instant access',
    description: 'Browse vetted professionals, pick a time that suits you and book a session within minutes. No waiting lists.',
  },
  {
    icon: Rocket,
    title: 'Career growth',
    description: 'Build the skills, confidence and network to move forward, from landing your first role to stepping into leadership.',
  },
];

/** 'Why choose Mentora': three benefit cards. */
export function BenefitsSection() {
  return (
    <section aria-labelledby="benefits-title" className="mx-auto max-w-7xl px-4 pb-20 pt-16 sm:pb-28 sm:pt-20">
      <SectionHeading
        id="benefits-title"
        eyebrow="Why Mentora"
        title="Why choose Mentora"
        lead="Career advice that is specific to you, from people who have done the job."
      />
      <ul className="mt-14 grid gap-6 md:grid-cols-3">
        {benefits.map(({ icon: Icon, title, description }) => (
          <li
            key={title}
            className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 transition hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-md"
          >
            <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100 transition group-hover:bg-brand-600 group-hover:text-white">
              <Icon className="h-6 w-6" aria-hidden />
            </span>
            <h3 className="mt-6 text-xl font-semibold text-slate-900">{title}</h3>
            <p className="mt-3 leading-relaxed text-slate-600">{description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
