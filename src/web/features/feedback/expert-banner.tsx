import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ExpertProfile } from '@shared/schemas/experts';
import { PersonAvatar } from '../../components/person-avatar';

/** Page heading of a feedback page: the expert's photo, name and role, then the h1. */
export function ExpertBanner({ expert, title, lead }: { expert: ExpertProfile; title: string; lead: ReactNode }) {
  return (
    <div className="flex flex-col items-center text-center">
      <Link
        to={`/expert/${expert.slug}`}
        className="flex items-center gap-3 rounded-full bg-white py-1.5 pl-1.5 pr-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-300"
      >
        <PersonAvatar name={expert.name} imageUrl={expert.imageUrl} className="h-10 w-10 text-sm" />
        <span className="text-left">
          <span className="block text-sm font-semibold text-slate-900">{expert.name}</span>
          <span className="block text-xs text-slate-700">{expert.role}</span>
        </span>
      </Link>
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-2 max-w-xl text-slate-700">{lead}</p>
    </div>
  );
}

/** A centred message page (no session, already submitted, not allowed, not found) with a way onwards. */
export function FeedbackNotice({ icon, title, children, action }: { icon: ReactNode; title: string; children: ReactNode; action: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">{icon}</span>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-700">{children}</p>
      <div className="mt-6">{action}</div>
    </div>
  );
}
