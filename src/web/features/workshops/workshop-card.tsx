import { Link } from 'react-router';
import { formatMoney } from '@shared/pricing';
import { workshopMessages } from '@shared/workshops';
import type { WorkshopView } from '@shared/schemas/workshops';
import { Badge } from '../../components/ui/badge';
import { WorkshopFacts } from './workshop-facts';
import { WorkshopRating } from './workshop-rating';

/** The price per seat as shown: 'Free' or '$15.00'. */
export const seatPrice = (w: Pick<WorkshopView, 'priceCents' | 'currency'>) => (w.priceCents === 0 ? 'Free' : formatMoney(w.priceCents, w.currency));

/**
 * One workshop in the list: title, topic, expert, the rating of the expert's workshops (an upcoming workshop has no
 * reviews of its own yet), time in the viewer's zone, seats left (a full one's waitlist is open) and price, linking to its page.
 */
export function WorkshopCard({ workshop: w }: { workshop: WorkshopView }) {
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="brand">{w.topic}</Badge>
        {w.seatsLeft === 0 ? <Badge tone="amber">{workshopMessages.fullWaitlistOpen}</Badge> : null}
      </div>
      <h2 className="mt-3 text-lg font-semibold text-slate-900">
        <Link to={`/workshops/${w.id}`} className="hover:underline">
          {w.title}
        </Link>
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        with {w.expert.name}, {w.expert.role}
      </p>
      <WorkshopRating rating={w.rating ?? w.expertWorkshopRating} of={w.rating ? 'of this workshop' : 'of their workshops'} className="mt-2" />
      <div className="mt-3 space-y-1">
        <WorkshopFacts workshop={w} />
      </div>
      <p className="mt-auto pt-4 text-xl font-bold text-slate-900">{seatPrice(w)}</p>
    </li>
  );
}
