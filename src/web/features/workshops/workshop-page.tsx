/**
 * /workshops/{id} (docs/product.md "Workshops"): the workshop's expert and the rating of their workshops, time in
 * the visitor's zone, seats left, price, the organisation offering it with the expert ('Offered with …', docs/product.md
 * "Sponsored workshops"), the workshop's own rating once it took place, and 'Book a seat'
 * (`stripeCardForm`: the card form used for a paid seat when the server takes cards with Stripe). Server-rendered like the expert profile; the booking form appears once hydrated.
 */
import { Link, useParams } from 'react-router';
import { sponsorshipMessages } from '@shared/sponsorships';
import { seatTerms, workshopMessages } from '@shared/workshops';
import { OrganisationLogo } from '../../components/organisation-logo';
import { LoadError } from '../../components/ui/load-error';
import { Badge } from '../../components/ui/badge';
import { ApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useWorkshop } from './api/get-workshop';
import { SeatBooking, type StripeCardFormComponent } from './seat-booking';
import { seatPrice } from './workshop-card';
import { WorkshopFacts } from './workshop-facts';
import { WorkshopRating } from './workshop-rating';

export default function WorkshopPage({ stripeCardForm }: { stripeCardForm: StripeCardFormComponent }) {
  const { id = '' } = useParams();
  const workshop = useWorkshop(id);
  const missing = workshop.isError && workshop.error instanceof ApiError && workshop.error.status === 404;
  useDocumentTitle(workshop.data?.title ?? (missing ? workshopMessages.notFound : null));

  if (missing)
    return (
      <section className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{workshopMessages.notFound}</h1>
        <Link to="/workshops" className="mt-4 inline-block text-brand-700 underline">
          See upcoming workshops
        </Link>
      </section>
    );
  if (workshop.isError)
    return (
      <section className="mx-auto max-w-3xl px-4 py-16">
        <LoadError what={workshopMessages.oneFailed} error={workshop.error} onRetry={() => workshop.refetch()} retrying={workshop.isFetching} />
      </section>
    );
  const w = workshop.data;
  if (!w)
    return (
      <p className="px-4 py-16 text-center text-slate-700" role="status">
        Loading the workshop…
      </p>
    );

  return (
    <article className="mx-auto grid max-w-5xl gap-8 px-4 py-12 lg:grid-cols-[1fr_22rem]">
      <div>
        <Badge tone="brand">{w.topic}</Badge>
        {w.sponsor ? (
          <p className="mt-3 flex items-center gap-2 text-sm font-medium text-slate-800" data-testid="sponsor">
            <OrganisationLogo name={w.sponsor.organisationName} url={w.sponsor.logoUrl} />
            {sponsorshipMessages.offeredWith(w.sponsor.organisationName)}
          </p>
        ) : null}
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{w.title}</h1>
        <p className="mt-2 text-slate-700">
          Led by{' '}
          <Link to={`/expert/${w.expert.slug}`} className="font-medium text-brand-700 underline">
            {w.expert.name}
          </Link>
          , {w.expert.role}
        </p>
        <WorkshopRating rating={w.expertWorkshopRating} of={`of ${w.expert.name}'s workshops`} className="mt-2" />
        <p className="mt-6 whitespace-pre-line text-slate-800">{w.description}</p>
      </div>
      <aside className="h-fit space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <WorkshopFacts workshop={w} large />
        <WorkshopRating rating={w.rating} of="of this workshop" />
        <p className="text-2xl font-bold text-slate-900">
          {seatPrice(w)} <span className="text-base font-normal text-slate-700">per seat</span>
        </p>
        <SeatBooking workshop={w} stripeCardForm={stripeCardForm} />
        <section aria-labelledby="seat-terms" className="border-t border-slate-100 pt-4">
          <h2 id="seat-terms" className="text-sm font-semibold text-slate-900">
            Before you book
          </h2>
          <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-slate-700">
            {seatTerms({ priceCents: w.priceCents, minAttendance: w.minAttendance, policy: w.expert.cancellationPolicy }).map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
        </section>
      </aside>
    </article>
  );
}
