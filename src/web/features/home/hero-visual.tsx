import { BadgeCheck, CheckCircle2, Clock, Languages, ShieldCheck, Video } from 'lucide-react';
import { introMinutes } from '@shared/pricing';

/**
 * The expert on the sample card: a demo catalogue expert as her profile shows her (name, role, avatar, languages,
 * hourly rate in dollars, areas), so the card never advertises a mentor or a price the catalogue does not have
 * (docs/product.md "Content and timings").
 */
export const heroExpert = {
  name: 'Sarah Chen',
  role: 'Senior Product Manager',
  image: '/avatars/sarah-chen.svg',
  languages: ['English', 'Mandarin'],
  hourlyRateDollars: 85,
  areas: ['Project Management', 'Business Strategy', 'Job Interview Mastery'],
} as const;

const slots = ['Mon 9:00 AM', 'Tue 1:30 PM', 'Wed 4:00 PM'];

/** Decorative illustration beside the hero: a sample expert booking card. Hidden from assistive technology. */
export function HeroVisual() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-md select-none">
      <div className="absolute -inset-8 -z-10 rounded-[3rem] bg-gradient-to-tr from-brand-100 via-violet-100 to-sky-100 opacity-80 blur-2xl" />
      <div className="rounded-3xl border border-slate-200/80 bg-white p-6 shadow-2xl shadow-brand-900/10 sm:p-7">
        <div className="flex items-center gap-4">
          <img src={heroExpert.image} alt="" width={64} height={64} decoding="async" className="h-16 w-16 rounded-2xl" />
          <div className="min-w-0">
            <p className="flex items-center gap-1.5 font-semibold text-slate-900">
              {heroExpert.name} <BadgeCheck className="h-4 w-4 text-brand-600" />
            </p>
            <p className="text-sm text-slate-600">{heroExpert.role}</p>
            <p className="mt-1 flex items-center gap-1 text-sm text-slate-700">
              <Languages className="h-4 w-4 text-slate-500" />
              {heroExpert.languages.join(' · ')}
            </p>
          </div>
        </div>
        <div className="mt-5 flex flex-wrap gap-2">
          {heroExpert.areas.map((t) => (
            <span key={t} className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700">
              {t}
            </span>
          ))}
        </div>
        <div className="mt-6 border-t border-slate-100 pt-5">
          <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
            <Clock className="h-4 w-4 text-brand-600" /> Choose a time
          </p>
          <div className="mt-3 grid grid-cols-3 gap-2">
            {slots.map((s, i) => (
              <span
                key={s}
                className={
                  i === 1
                    ? 'rounded-lg border border-brand-600 bg-brand-50 px-2 py-2 text-center text-xs font-semibold text-brand-700'
                    : 'rounded-lg border border-slate-200 px-2 py-2 text-center text-xs font-medium text-slate-700'
                }
              >
                {s}
              </span>
            ))}
          </div>
          <div className="mt-5 flex items-center justify-between rounded-xl bg-slate-50 px-4 py-3">
            <span className="text-sm text-slate-600">60 min session</span>
            <span className="text-lg font-bold text-slate-900">{`$${heroExpert.hourlyRateDollars}`}</span>
          </div>
          <div className="mt-4 flex h-11 items-center justify-center gap-2 rounded-lg bg-brand-600 text-sm font-semibold text-white">
            <Video className="h-4 w-4" /> Book session
          </div>
        </div>
      </div>
      <div className="absolute -bottom-6 -left-2 flex items-center gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-xl sm:-left-10">
        <CheckCircle2 className="h-6 w-6 text-emerald-600" />
        <div>
          <p className="text-sm font-semibold text-slate-900">Intro call booked</p>
          <p className="text-xs text-slate-600">{`Free · ${introMinutes} minutes`}</p>
        </div>
      </div>
      <div className="absolute -right-3 -top-5 hidden rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-lg sm:-right-8 sm:block">
        <p className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
          <ShieldCheck className="h-4 w-4 text-emerald-600" /> Payment protected
        </p>
      </div>
    </div>
  );
}
