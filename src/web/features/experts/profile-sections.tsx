import { BookOpen, Briefcase, Clock, Globe, Heart, ShieldCheck, Sparkles, UserRound, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ExpertProfile } from '@shared/schemas/experts';
import { policyNames, policyTerms } from '@shared/sessions';
import { Badge } from '../../components/ui/badge';

function Section({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <section className="border-b border-slate-100 py-6 first:pt-0 last:border-b-0 last:pb-0">
      <h2 className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Icon className="h-5 w-5 text-brand-600" aria-hidden />
        {title}
      </h2>
      {children}
    </section>
  );
}

function Chips({ items, tone = 'neutral' }: { items: string[]; tone?: 'neutral' | 'brand' }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item}>
          <Badge tone={tone} className="px-3 py-1 text-sm">
            {item}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** The expert's current local time, e.g. '9:41 PM', in US English 12-hour form. */
function localTime(tz: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: tz, hour: 'numeric', minute: '2-digit' }).format(new Date());
}

/**
 * The profile body (docs/product.md "Expert profiles"): about, experience, courses, expertise, languages, hobbies,
 * cancellation policy and the expert's time zone. Empty lists are left out.
 */
export function ProfileSections({ expert }: { expert: ExpertProfile }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <Section icon={UserRound} title="About">
        <p className="whitespace-pre-line leading-relaxed text-slate-700">{expert.about}</p>
      </Section>
      {expert.experience ? (
        <Section icon={Briefcase} title="Experience">
          <p className="whitespace-pre-line leading-relaxed text-slate-700">{expert.experience}</p>
        </Section>
      ) : null}
      {expert.courses.length ? (
        <Section icon={BookOpen} title="Courses and qualifications">
          <ul className="list-disc space-y-1 pl-5 text-slate-700 marker:text-brand-500">
            {expert.courses.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </Section>
      ) : null}
      <Section icon={Sparkles} title="Expertise">
        <Chips items={expert.expertise} tone="brand" />
      </Section>
      <Section icon={Globe} title="Languages">
        <Chips items={expert.languages} />
      </Section>
      {expert.hobbies.length ? (
        <Section icon={Heart} title="Hobbies">
          <Chips items={expert.hobbies} />
        </Section>
      ) : null}
      <Section icon={ShieldCheck} title="Cancellation policy">
        <p className="text-slate-700">
          <span className="font-semibold text-slate-900">{policyNames[expert.cancellationPolicy]}:</span> {policyTerms[expert.cancellationPolicy].summary}
        </p>
        <p className="mt-1 text-sm text-slate-600">Your booking keeps the policy in force when you book.</p>
      </Section>
      <Section icon={Clock} title="Time zone">
        <p className="text-slate-700">
          {expert.timezone.replace(/_/g, ' ')} · local time {/* The server's clock may be a minute behind the viewer's when the page hydrates. */}
          <span suppressHydrationWarning>{localTime(expert.timezone)}</span>
        </p>
      </Section>
    </div>
  );
}
