import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '@shared/pricing';
import { joinRuleNames, joinRules, type JoinRule, type LimitPeriod } from '@shared/programmes';
import type { ProgrammeInput } from '@shared/schemas/programmes';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormError, Input, Label, Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { toIsoDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useCreateProgramme, useProgrammes } from './api/programmes';

/** '50' or '50.00' → 5000 cents; '' → null; NaN for anything else (the server then says why). */
const centsOf = (text: string) => (text.trim() === '' ? null : /^\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 100) : NaN);
const countOf = (text: string) => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);

/** The terms a programme is created with (docs/product.md "Access programmes"). */
function NewProgramme({ organisationId, onDone }: { organisationId: string; onDone: () => void }) {
  const create = useCreateProgramme(organisationId);
  const [error, setError] = useState<string | null>(null);
  const [f, setF] = useState(() => ({
    name: '',
    coversSessions: true,
    coversWorkshops: false,
    coversIntros: false,
    sessionLimit: '2',
    centsLimit: '',
    limitPeriod: 'month' as LimitPeriod,
    maxPrice: '',
    expertise: '',
    startsOn: toIsoDate(new Date()),
    endsOn: toIsoDate(new Date(Date.now() + 90 * 86_400_000)),
    joinRule: 'invited' as JoinRule,
  }));
  const set = (patch: Partial<typeof f>) => setF((old) => ({ ...old, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: ProgrammeInput = {
      name: f.name,
      coversSessions: f.coversSessions,
      coversWorkshops: f.coversWorkshops,
      coversIntros: f.coversIntros,
      sessionLimit: countOf(f.sessionLimit),
      centsLimit: centsOf(f.centsLimit),
      limitPeriod: f.limitPeriod,
      maxPriceCents: centsOf(f.maxPrice),
      expertise: f.expertise.trim() || null,
      startsOn: f.startsOn,
      endsOn: f.endsOn,
      joinRule: f.joinRule,
    };
    create.mutate(body, {
      onSuccess: (p) => {
        toast.success(`“${p.name}” created. Its access code is ${p.code}.`);
        onDone();
      },
      onError: (err) => setError(err.message),
    });
  };
  const check = (key: 'coversSessions' | 'coversWorkshops' | 'coversIntros', label: string) => (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={f[key]} onChange={(e) => set({ [key]: e.target.checked })} />
      {label}
    </label>
  );
  return (
    <form onSubmit={submit} aria-label="New programme" className="mt-4 space-y-4 rounded-xl border border-slate-200 p-4">
      <div>
        <Label htmlFor="programme-name">Name</Label>
        <Input
          id="programme-name"
          value={f.name}
          onChange={(e) => set({ name: e.target.value })}
          required
          maxLength={200}
          placeholder="Spring careers sprint"
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Covers</legend>
        {check('coversSessions', 'One-to-one sessions')}
        {check('coversIntros', 'Free intro meetings count as sessions')}
        {check('coversWorkshops', 'Workshop seats')}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <Label htmlFor="programme-sessions">Sessions per member</Label>
          <Input
            id="programme-sessions"
            inputMode="numeric"
            value={f.sessionLimit}
            onChange={(e) => set({ sessionLimit: e.target.value })}
            placeholder="No limit"
          />
        </div>
        <div>
          <Label htmlFor="programme-cents">Credit per member (USD)</Label>
          <Input id="programme-cents" inputMode="decimal" value={f.centsLimit} onChange={(e) => set({ centsLimit: e.target.value })} placeholder="No limit" />
        </div>
        <div>
          <Label htmlFor="programme-period">Limits apply</Label>
          <Select id="programme-period" value={f.limitPeriod} onChange={(e) => set({ limitPeriod: e.target.value as LimitPeriod })}>
            <option value="month">Each month</option>
            <option value="total">For the whole programme</option>
          </Select>
        </div>
        <div>
          <Label htmlFor="programme-max">Most it pays of a session (USD)</Label>
          <Input id="programme-max" inputMode="decimal" value={f.maxPrice} onChange={(e) => set({ maxPrice: e.target.value })} placeholder="Whole price" />
        </div>
        <div>
          <Label htmlFor="programme-expertise">Only this expertise</Label>
          <Input id="programme-expertise" value={f.expertise} onChange={(e) => set({ expertise: e.target.value })} maxLength={100} placeholder="Any" />
        </div>
        <div>
          <Label htmlFor="programme-join">Who may join</Label>
          <Select id="programme-join" value={f.joinRule} onChange={(e) => set({ joinRule: e.target.value as JoinRule })}>
            {joinRules.map((r) => (
              <option key={r} value={r}>
                {joinRuleNames[r]}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="programme-start">First day</Label>
          <Input id="programme-start" type="date" value={f.startsOn} onChange={(e) => set({ startsOn: e.target.value })} required />
        </div>
        <div>
          <Label htmlFor="programme-end">Last day</Label>
          <Input id="programme-end" type="date" value={f.endsOn} onChange={(e) => set({ endsOn: e.target.value })} required />
        </div>
      </div>
      <p className="text-xs text-slate-600">The member pays by card what the programme does not cover. Dates are UTC days.</p>
      <FormError>{error ?? ''}</FormError>
      <Button type="submit" disabled={create.isPending}>
        Create programme
      </Button>
    </form>
  );
}

/** The organisation's access programmes on /partner/{id}, and the form for a new one. */
export function ProgrammesCard({ organisationId }: { organisationId: string }) {
  const query = useProgrammes(organisationId);
  const [adding, setAdding] = useState(false);
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Programmes</h2>
        {!adding ? (
          <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden />
            New programme
          </Button>
        ) : null}
      </div>
      {adding ? <NewProgramme organisationId={organisationId} onDone={() => setAdding(false)} /> : null}
      {query.isError ? (
        <LoadError what="The programmes could not be loaded." error={query.error} onRetry={query.refetch} />
      ) : query.data?.items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">No programme yet. A programme lets your people book sessions paid from this credit.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {query.data?.items.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <Link to={`/partner/${organisationId}/programmes/${p.id}`} className="font-medium text-brand-700 hover:underline">
                {p.name}
              </Link>
              <span className="text-slate-700">
                {p.status} · code {p.code} · {p.members} {p.members === 1 ? 'member' : 'members'} · {formatMoney(p.creditUsedCents)} used
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
