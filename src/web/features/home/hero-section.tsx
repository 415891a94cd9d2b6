import { CalendarCheck, ShieldCheck, Sparkles } from 'lucide-react';
import { introMinutes } from '@shared/pricing';
import { dashboardPath, isProfileComplete } from '@shared/roles';
import type { Me } from '@shared/schemas/profile';
import { useAuth } from '../../lib/auth';
import { CtaLink } from './cta-link';
import { HeroVisual } from './hero-visual';

/**
 * Where the main call to action goes (docs/product.md "Accounts and sign-in"): signed-out visitors and anyone
 * whose profile lacks a first name or role go to /signup; everyone else to their role's dashboard.
 */
function primaryCta(me: Me | null): { to: string; label: string } {
  if (!me) return { to: '/signup', label: 'Get Started' };
  if (!isProfileComplete(me)) return { to: '/signup', label: 'Complete Your Profile' };
  return { to: dashboardPath(me.role), label: 'Go to Dashboard' };
}

const assurances = [
  { icon: Sparkles, text: `Free ${introMinutes}-minute intro call` },
  { icon: ShieldCheck, text: 'Vetted industry experts' },
  { icon: CalendarCheck, text: 'Payment held until your session happens' },
];

/** Landing hero: the tagline as the page's h1, a lead, the main and secondary calls to action. */
export function HeroSection() {
  const { me } = useAuth();
  const cta = primaryCta(me);
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div
        aria-hidden
        className="absolute -top-40 left-1/2 -z-10 h-[36rem] w-[72rem] -translate-x-1/2 rounded-full bg-[radial-gradient(closest-side,var(--color-brand-100),transparent)]"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-14 px-4 pb-16 pt-14 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:gap-10 lg:pb-20 lg:pt-24">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/80 px-3 py-1 text-sm font-medium text-brand-700 shadow-sm">
            <span className="h-1.5 w-1.5 rounded-full bg-brand-600" aria-hidden />
            One-to-one mentoring with industry experts
          </p>
          <h1 id="hero-title" className="mt-6 text-5xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-6xl lg:text-7xl">
            Connect to <span className="bg-gradient-to-r from-brand-600 to-violet-600 bg-clip-text text-transparent">Experience</span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg leading-relaxed text-pretty text-slate-600 sm:text-xl lg:mx-0">
            Book video sessions with professionals who have already walked the path you are on. Get honest career advice, interview practice and a plan that
            fits your goals.
          </p>
          <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <CtaLink to={cta.to} arrow className="shadow-md shadow-brand-600/20">
              {cta.label}
            </CtaLink>
            <CtaLink to="/results" tone="outline">
              Find an Expert
            </CtaLink>
          </div>
          <ul className="mt-10 flex flex-col items-center gap-3 text-sm font-medium text-slate-700 sm:flex-row sm:flex-wrap sm:justify-center sm:gap-x-6 lg:justify-start">
            {assurances.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-2">
                <Icon className="h-4 w-4 text-brand-600" aria-hidden />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <HeroVisual />
      </div>
    </section>
  );
}
