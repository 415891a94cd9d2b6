/**
 * An organisation's sponsored workshops and the form for one more (docs/product.md "Sponsored workshops"), shown to
 * its managers on /partner/{id} and to the team on the organisation's console page: each feature passes its own
 * reads and action (its API and cache), and `audience` says whose credit the form speaks of.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { formatMoney } from '@shared/pricing';
import type { ProgrammeSummary } from '@shared/schemas/programmes';
import type { SponsorshipInput, SponsorshipView } from '@shared/schemas/sponsorships';
import type { WorkshopView } from '@shared/schemas/workshops';
import { sponsoredSeatsReleaseHours, sponsorshipMessages as m } from '@shared/sponsorships';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { FormError, Input, Label, Select } from '../ui/input';
import { LoadError } from '../ui/load-error';

export type SponsorFormProps = {
  /** Upcoming published workshops (GET /api/workshops). */
  workshops: UseQueryResult<{ workshops: WorkshopView[] }>;
  /** The organisation's access programmes. */
  programmes: UseQueryResult<{ items: ProgrammeSummary[] }>;
  /** Reserves the seats; fails with the API's message (400 bad seats, 404, 409 in the product's words). */
  sponsor: UseMutationResult<{ items: SponsorshipView[] }, Error, SponsorshipInput>;
  /** 'manager': the organisation's own words ("your credit"); 'team': the console's ("the organisation's credit"). */
  audience: 'manager' | 'team';
};

/** The form: a paid upcoming workshop nobody sponsors yet, an active programme, and a number of seats (1–50). */
export function SponsorForm({ workshops, programmes, sponsor, audience }: SponsorFormProps) {
  const [f, setF] = useState({ workshopId: '', programmeId: '', seats: '5' });
  const [error, setError] = useState<string | null>(null);
  if (workshops.isError) return <LoadError what="The workshops could not be loaded." error={workshops.error} onRetry={workshops.refetch} />;
  if (programmes.isError) return <LoadError what="The programmes could not be loaded." error={programmes.error} onRetry={programmes.refetch} />;
  const choices = (workshops.data?.workshops ?? []).filter((w) => w.priceCents > 0 && !w.sponsor);
  const active = (programmes.data?.items ?? []).filter((p) => p.status === 'active');
  const workshop = choices.find((w) => w.id === f.workshopId);
  const seats = /^\d+$/.test(f.seats.trim()) ? Number(f.seats.trim()) : NaN;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!f.workshopId) return setError(m.chooseWorkshop);
    if (!f.programmeId) return setError(m.programmeNotActive);
    setError(null);
    sponsor.mutate(
      { workshopId: f.workshopId, programmeId: f.programmeId, seats },
      {
        onSuccess: () => {
          const members = audience === 'manager' ? 'your members' : 'the programme’s members';
          toast.success(`${seats} seats of “${workshop?.title ?? 'the workshop'}” reserved for ${members}`);
          setF({ workshopId: '', programmeId: '', seats: '5' });
        },
        // NaN seats reach the server, which answers in the product's words ('Please reserve between 1 and 50 seats').
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Sponsor a workshop" className="mt-4 grid gap-4 sm:grid-cols-3">
      <div className="sm:col-span-3">
        <Label htmlFor="sponsor-workshop">Workshop</Label>
        <Select id="sponsor-workshop" value={f.workshopId} onChange={(e) => setF({ ...f, workshopId: e.target.value })}>
          <option value="">{choices.length ? 'Choose a workshop' : 'No paid upcoming workshop to sponsor'}</option>
          {choices.map((w) => (
            <option key={w.id} value={w.id}>
              {w.title} — {formatDateTime(w.startsAt)} — {formatMoney(w.priceCents)} a seat, {w.seatsLeft} left
            </option>
          ))}
        </Select>
      </div>
      <div className="sm:col-span-2">
        <Label htmlFor="sponsor-programme">For the members of</Label>
        <Select id="sponsor-programme" value={f.programmeId} onChange={(e) => setF({ ...f, programmeId: e.target.value })}>
          <option value="">{active.length ? 'Choose a programme' : 'No active programme yet'}</option>
          {active.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor="sponsor-seats">Seats</Label>
        <Input id="sponsor-seats" inputMode="numeric" value={f.seats} onChange={(e) => setF({ ...f, seats: e.target.value })} />
      </div>
      <p className="text-sm text-slate-700 sm:col-span-3">
        {workshop && seats > 0
          ? audience === 'manager'
            ? `Up to ${formatMoney(seats * workshop.priceCents)} from your credit, paid only for the seats your members take. `
            : `Up to ${formatMoney(seats * workshop.priceCents)} from the organisation’s credit, paid only for the seats its members take. `
          : ''}
        Seats nobody took return to public sale {sponsoredSeatsReleaseHours} hours before the start.
      </p>
      <FormError className="sm:col-span-3">{error ?? ''}</FormError>
      <div className="sm:col-span-3">
        <Button type="submit" disabled={sponsor.isPending} aria-busy={sponsor.isPending}>
          Reserve the seats
        </Button>
      </div>
    </form>
  );
}

/**
 * The organisation's sponsored workshops (`list`) and, once "Sponsor a workshop" is pressed, `form` (a SponsorForm
 * with the feature's reads, mounted only then so its reads start only then).
 */
export function SponsorshipsCard({
  list,
  form,
  audience,
}: {
  list: UseQueryResult<{ items: SponsorshipView[] }>;
  form: ReactNode;
  audience: 'manager' | 'team';
}) {
  const [adding, setAdding] = useState(false);
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Sponsored workshops</h2>
        {!adding ? (
          <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
            Sponsor a workshop
          </Button>
        ) : null}
      </div>
      {adding ? form : null}
      {list.isError ? (
        <LoadError what="The sponsored workshops could not be loaded." error={list.error} onRetry={list.refetch} />
      ) : list.data?.items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">
          No sponsored workshop yet. Reserve seats of a workshop for a programme’s members, paid from {audience === 'manager' ? 'your' : 'the organisation’s'}{' '}
          credit.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {list.data?.items.map((s) => (
            <li key={s.workshopId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-medium text-slate-900">{s.workshopTitle}</span> <span className="text-slate-600">{formatDateTime(s.startsAt)}</span>
              </span>
              <span className="text-slate-700">
                {s.programmeName} · {s.seatsTaken} of {s.seats} seats taken
                {s.releasedAt ? ' · the others returned to public sale' : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
