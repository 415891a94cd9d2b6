import { Check, UserRound, UsersRound, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { introMinutes } from '@shared/pricing';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/cn';
import { CtaLink } from './cta-link';
import { SectionHeading } from './section-heading';

type Format = {
  icon: LucideIcon;
  title: string;
  subtitle?: string;
  badge: { text: string; tone: 'green' | 'amber' };
  description: ReactNode;
  points: string[];
  link: { to: string; label: string };
  featured: boolean;
};

const formats: Format[] = [
  {
    icon: UserRound,
    title: '1:1 Mentoring',
    badge: { text: 'Available now', tone: 'green' },
    description: 'Personal sessions with an expert who focuses entirely on your goals, your questions and your next step.',
    points: [
      'Sessions of 30 to 60 minutes over video',
      'Most mentors charge $50-$120 per session',
      `Every new connection starts with a free ${introMinutes}-minute intro`,
    ],
    link: { to: '/results', label: 'Find a mentor' },
    featured: true,
  },
  {
    icon: UsersRound,
    title: 'Group Workshops',
    subtitle: 'Career Development Workshops',
    badge: { text: 'Available now', tone: 'green' },
    description: (
      <>
        Group sessions from <strong className="font-semibold text-slate-900">$10-15 per person</strong>, booked and paid like a one-to-one session.
      </>
    ),
    points: ['Small-group sessions led by industry experts', 'Practical career topics, from CVs to interviews', 'Subsidised places for students'],
    link: { to: '/workshops', label: 'Browse workshops' },
    featured: false,
  },
];

function FormatCard({ format: f }: { format: Format }) {
  const Icon = f.icon;
  return (
    <article
      className={cn(
        'flex flex-col rounded-3xl p-8 sm:p-10',
        f.featured ? 'border-2 border-brand-600 bg-white shadow-xl shadow-brand-600/10' : 'border border-slate-200 bg-slate-50',
      )}
    >
      <div className="flex items-start justify-between gap-4">
        <span
          className={cn(
            'flex h-12 w-12 items-center justify-center rounded-xl',
            f.featured ? 'bg-brand-600 text-white' : 'bg-white text-brand-600 ring-1 ring-slate-200',
          )}
        >
          <Icon className="h-6 w-6" aria-hidden />
        </span>
        <Badge tone={f.badge.tone}>{f.badge.text}</Badge>
      </div>
      <h3 className="mt-6 text-2xl font-bold text-slate-900">{f.title}</h3>
      {f.subtitle ? <p className="mt-1 font-medium text-brand-700">{f.subtitle}</p> : null}
      <p className="mt-3 leading-relaxed text-slate-600">{f.description}</p>
      <ul className="mb-8 mt-6 space-y-3">
        {f.points.map((point) => (
          <li key={point} className="flex gap-3 text-slate-700">
            <Check className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden />
            {point}
          </li>
        ))}
      </ul>
      <CtaLink to={f.link.to} tone={f.featured ? 'primary' : 'outline'} arrow className="mt-auto self-start">
        {f.link.label}
      </CtaLink>
    </article>
  );
}

/** 'Choose your learning format': 1:1 Mentoring and Group Workshops, both available now. */
export function FormatsSection() {
  return (
    <section aria-labelledby="formats-title" className="mx-auto max-w-7xl px-4 py-20 sm:py-28">
      <SectionHeading
        id="formats-title"
        eyebrow="Formats"
        title="Choose your learning format"
        lead="Go deep one-to-one, or learn alongside others in a group."
      />
      <div className="mx-auto mt-14 grid max-w-5xl gap-6 md:grid-cols-2">
        {formats.map((f) => (
          <FormatCard key={f.title} format={f} />
        ))}
      </div>
    </section>
  );
}
