import { Link } from 'react-router';
import type { SocialNetwork } from '@shared/social-links';
import { useClientConfig } from '../lib/client-config';
import { Logo } from './header';

const columns = [
  {
    title: 'For clients',
    links: [
      { label: 'Find an Expert', to: '/results' },
      { label: 'Custom expert match', to: '/search' },
      { label: 'How it works', to: '/how-it-works/client' },
      { label: 'Workshops', to: '/workshops' },
    ],
  },
  {
    title: 'For experts',
    links: [
      { label: 'Become an Expert', to: '/expert/application-landing' },
      { label: 'How it works', to: '/how-it-works/expert' },
      { label: 'Community guidelines', to: '/community-guidelines' },
    ],
  },
  {
    title: 'Partners',
    links: [
      { label: 'Universities', to: '/partner/university' },
      { label: 'Recruitment agencies', to: '/partner/recruitment' },
      { label: 'Partner enquiry', to: '/how-it-works/partner' },
      { label: 'International students', to: '/international-students' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Contact', to: '/contact' },
    ],
  },
];

/** Each network's icon (24 × 24 path); which accounts are linked comes from the server (SOCIAL_LINKS). */
const icons: Record<SocialNetwork, string> = {
  Facebook: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.5V11H7v4h3v9h4v-9h3l1-4h-4V8.8c0-.5.3-.8 1-.8Z',
  Instagram: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z',
  LinkedIn: 'M4 9h4v12H4V9Zm2-6a2 2 0 1 1 0 4 2 2 0 0 1 0-4Zm5 6h4v1.7c.6-1 1.9-2 4-2 4 0 4.5 2.6 4.5 6V21h-4v-5.4c0-1.3 0-3-1.9-3s-2.1 1.4-2.1 2.9V21h-4V9Z',
  YouTube:
    'M22 8.2a3 3 0 0 0-2-2C18.2 5.7 12 5.7 12 5.7s-6.2 0-8 .5a3 3 0 0 0-2 2A31 31 0 0 0 1.6 12 31 31 0 0 0 2 15.8a3 3 0 0 0 2 2c1.8.5 8 .5 8 .5s6.2 0 8-.5a3 3 0 0 0 2-2 31 31 0 0 0 .4-3.8 31 31 0 0 0-.4-3.8ZM10 15V9l5.2 3L10 15Z',
};

/** Site footer: four link columns, Mentora's social accounts when configured, and the copyright line. */
export function Footer() {
  const socials = useClientConfig().data?.socialLinks ?? [];
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-12">
        <div className="grid gap-10 md:grid-cols-[1.2fr_repeat(4,1fr)]">
          <div>
            <Logo belowFold />
            <p className="mt-3 max-w-xs text-sm text-slate-600">Connect to Experience. One-to-one video sessions with vetted industry experts.</p>
          </div>
          {columns.map((c) => (
            <nav key={c.title} aria-label={c.title}>
              <h2 className="text-sm font-semibold text-slate-900">{c.title}</h2>
              <ul className="mt-3 space-y-2">
                {c.links.map((l) => (
                  <li key={l.to}>
                    <Link to={l.to} className="text-sm text-slate-600 hover:text-brand-700">
                      {l.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="mt-10 flex flex-col items-center justify-between gap-4 border-t border-slate-200 pt-6 sm:flex-row">
          <p className="text-sm text-slate-600">
            {/* Server and browser each read their clock; around New Year they may disagree, and the server's year stays. */}©{' '}
            <span suppressHydrationWarning>{new Date().getFullYear()}</span> Mentora. All rights reserved.
          </p>
          {socials.length ? (
            <ul className="flex gap-2" aria-label="Social links">
              {socials.map((s) => (
                <li key={s.url}>
                  <a
                    href={s.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Mentora on ${s.network}`}
                    className="flex h-11 w-11 items-center justify-center rounded-full text-slate-600 hover:bg-white hover:text-brand-700"
                  >
                    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor" aria-hidden>
                      <path d={icons[s.network]} />
                    </svg>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
