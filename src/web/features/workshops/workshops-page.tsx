/**
 * /workshops (docs/product.md "Workshops"): upcoming group workshops, server-rendered like /results, filtered by
 * topic, dates and highest price per seat; the filters live in the URL so links and Back keep them. Dates are the
 * visitor's own days once hydrated (UTC days in the server's render, so the hydrated markup equals the server's).
 */
import { workshopMessages } from '@shared/workshops';
import { PageHeader } from '../../components/page-header';
import { Badge } from '../../components/ui/badge';
import { Input, Label, Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { zoneLabel } from '../../lib/format';
import { viewerTimeZone } from '../../lib/viewer-zone';
import { useHydrated } from '../../lib/use-hydrated';
import { useUrlState } from '../../lib/use-url-state';
import { useWorkshops } from './api/get-workshops';
import { TopicSelect } from './topic-select';
import { WorkshopCard } from './workshop-card';
import { parseWorkshopFilters, toFilterParams } from './workshop-filters';

export default function WorkshopsPage() {
  const [filters, change] = useUrlState(parseWorkshopFilters, toFilterParams);
  const hydrated = useHydrated();
  const zone = hydrated ? viewerTimeZone() : 'UTC';
  const list = useWorkshops(filters, zone);

  return (
    <>
      <PageHeader
        eyebrow={
          <Badge tone="green" className="px-3 py-1 text-sm normal-case tracking-normal ring-1 ring-green-200">
            Available now
          </Badge>
        }
        title="Career Development Workshops"
        lead="Live small-group sessions led by industry experts, at a fraction of the cost of one-to-one mentoring. Book a seat; your payment is held until the workshop has taken place."
      />
      <section className="mx-auto max-w-6xl px-4 pb-16">
        <form
          className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-4"
          onSubmit={(e) => e.preventDefault()}
          aria-label="Filter workshops"
        >
          <TopicSelect id="workshop-topic" value={filters.topic} none="All topics" onChange={(topic) => change({ topic })} />
          <div>
            <Label htmlFor="workshop-from">From date</Label>
            <Input
              id="workshop-from"
              type="date"
              value={filters.from}
              onChange={(e) => change({ from: e.target.value })}
              aria-describedby="workshop-dates-zone"
            />
          </div>
          <div>
            <Label htmlFor="workshop-to">To date</Label>
            <Input id="workshop-to" type="date" value={filters.to} onChange={(e) => change({ to: e.target.value })} aria-describedby="workshop-dates-zone" />
          </div>
          <div>
            <Label htmlFor="workshop-price">Price per seat</Label>
            <Select
              id="workshop-price"
              value={filters.maxPriceCents === undefined ? '' : String(filters.maxPriceCents / 100)}
              onChange={(e) => change({ maxPriceCents: e.target.value === '' ? undefined : Number(e.target.value) * 100 })}
            >
              <option value="">Any price</option>
              <option value="0">Free</option>
              <option value="15">Up to $15</option>
              <option value="30">Up to $30</option>
              <option value="60">Up to $60</option>
            </Select>
          </div>
          <p id="workshop-dates-zone" className="text-sm text-slate-700 sm:col-span-4">
            Dates and times in {zoneLabel(zone)}
          </p>
        </form>
        <div className="mt-8" aria-busy={list.isPlaceholderData}>
          {list.isError ? (
            <LoadError what={workshopMessages.listFailed} error={list.error} onRetry={() => list.refetch()} retrying={list.isFetching} />
          ) : !list.data ? (
            <p className="text-slate-700" role="status">
              Loading workshops…
            </p>
          ) : list.data.workshops.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
              No upcoming workshops match these filters. Try another topic or date.
            </p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {list.data.workshops.map((w) => (
                <WorkshopCard key={w.id} workshop={w} />
              ))}
            </ul>
          )}
        </div>
      </section>
    </>
  );
}
