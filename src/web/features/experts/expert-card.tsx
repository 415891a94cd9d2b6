import { Globe } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '@shared/pricing';
import type { ExpertCard as ExpertCardData } from '@shared/schemas/experts';
import { Badge } from '../../components/ui/badge';
import { ExpertAvatar } from './expert-avatar';
import { RatingSummary } from '../../components/star-rating';

/** Tags and languages shown on a card (3 expertise tags, 2 languages; docs/product.md "Search and catalogue"). */
const cardTags = 3;
const cardLanguages = 2;

/**
 * One result (docs/product.md "Search and catalogue"): photo, name, role, rating, hourly rate, 3 expertise tags, 2 languages.
 * The name is the link to /expert/{slug}; it stretches over the whole card so anywhere on it opens the profile,
 * and its focus outline is drawn around the whole card.
 */
export function ExpertCard({ expert, headingLevel = 'h2', eagerPhoto = false }: { expert: ExpertCardData; headingLevel?: 'h2' | 'h3'; eagerPhoto?: boolean }) {
  const Heading = headingLevel;
  return (
    <article className="group relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md motion-reduce:transition-none motion-reduce:hover:translate-y-0">
      <div className="flex items-start gap-4">
        <ExpertAvatar name={expert.name} imageUrl={expert.imageUrl} size={64} eager={eagerPhoto} className="h-16 w-16 text-lg ring-2 ring-white shadow" />
        <div className="min-w-0 flex-1">
          <Heading className="truncate text-base font-semibold text-slate-900">
            <Link
              to={`/expert/${expert.slug}`}
              className="outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-600 group-hover:text-brand-700"
            >
              {expert.name}
            </Link>
          </Heading>
          <p className="mt-0.5 line-clamp-2 text-sm text-slate-700">{expert.role}</p>
          <RatingSummary ratingAvg={expert.ratingAvg} reviewCount={expert.reviewCount} className="mt-2" />
        </div>
      </div>
      <ul className="mb-4 mt-4 flex flex-wrap gap-1.5" aria-label="Expertise">
        {expert.expertise.slice(0, cardTags).map((tag) => (
          <li key={tag}>
            <Badge tone="brand">{tag}</Badge>
          </li>
        ))}
      </ul>
      <div className="mt-auto flex items-end justify-between gap-3 border-t border-slate-100 pt-4">
        <p className="flex min-w-0 items-center gap-1.5 text-sm text-slate-700">
          <Globe className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
          <span className="sr-only">Languages: </span>
          <span className="truncate">{expert.languages.slice(0, cardLanguages).join(', ')}</span>
        </p>
        <p className="shrink-0 text-right">
          <span className="text-lg font-bold text-slate-900">{formatMoney(expert.hourlyRateCents, expert.currency)}</span>
          <span className="text-sm text-slate-600"> / hour</span>
        </p>
      </div>
    </article>
  );
}

/** Placeholder with the card's shape while results load. */
export function ExpertCardSkeleton() {
  return (
    <div className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-hidden>
      <div className="flex animate-pulse items-start gap-4 motion-reduce:animate-none">
        <div className="h-16 w-16 rounded-full bg-slate-200" />
        <div className="flex-1 space-y-2 pt-1">
          <div className="h-4 w-2/3 rounded bg-slate-200" />
          <div className="h-3 w-1/2 rounded bg-slate-200" />
          <div className="h-3 w-1/3 rounded bg-slate-200" />
        </div>
      </div>
      <div className="mt-5 flex animate-pulse gap-2 motion-reduce:animate-none">
        <div className="h-5 w-24 rounded-full bg-slate-200" />
        <div className="h-5 w-20 rounded-full bg-slate-200" />
        <div className="h-5 w-16 rounded-full bg-slate-200" />
      </div>
      <div className="mt-6 flex animate-pulse justify-between border-t border-slate-100 pt-4 motion-reduce:animate-none">
        <div className="h-4 w-24 rounded bg-slate-200" />
        <div className="h-5 w-20 rounded bg-slate-200" />
      </div>
    </div>
  );
}
