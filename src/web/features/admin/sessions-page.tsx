import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatMoney } from '@shared/pricing';
import { sessionState } from '@shared/sessions';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { usePage } from '../../components/pager';
import { formatDateTime } from '../../lib/format';
import { useSessions } from './api/get-sessions';
import { paymentWords, QueueLink, QueueSection } from './console-parts';

/** The finder: a session id or a party's name or e-mail, and the first and last date of the start (UTC), kept in the address. */
function SessionFinder() {
  const [params] = useSearchParams();
  const [fields, setFields] = useState({ q: params.get('q') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' });
  const navigate = useNavigate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams(
      Object.entries(fields)
        .filter(([, v]) => v.trim())
        .map(([k, v]) => [k, v.trim()]),
    );
    void navigate(`?${next.toString()}`);
  };
  const field = (name: keyof typeof fields) => ({
    id: `find-${name}`,
    value: fields[name],
    onChange: (e: { target: { value: string } }) => setFields({ ...fields, [name]: e.target.value }),
  });
  return (
    <form
      role="search"
      aria-label="Find sessions"
      onSubmit={submit}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
    >
      <div>
        <Label htmlFor="find-q">Session id, name or e-mail</Label>
        <Input type="search" maxLength={200} {...field('q')} />
      </div>
      <div>
        <Label htmlFor="find-from">From (UTC)</Label>
        <Input type="date" {...field('from')} />
      </div>
      <div>
        <Label htmlFor="find-to">To (UTC)</Label>
        <Input type="date" {...field('to')} />
      </div>
      <Button type="submit" variant="outline">
        <Search className="h-4 w-4" aria-hidden />
        Find
      </Button>
    </form>
  );
}

/** /admin/sessions (docs/product.md "Team console", "Sessions and money"): any session, newest start first, found by id, party or date. */
export default function SessionsPage() {
  const [params] = useSearchParams();
  const [page] = usePage();
  const query = useSessions({ q: params.get('q') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' }, page);
  return (
    <div className="space-y-4">
      <SessionFinder />
      <QueueSection
        id="sessions-title"
        title="Sessions"
        filters={null}
        query={query}
        data={query.data}
        row={(s) => (
          <QueueLink key={s.id} to={`/admin/sessions/${s.id}`} label="Open the session">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-slate-900">
                {s.client.name} with {s.expert.name}
              </span>
              <Badge tone={sessionState(s).tone}>{sessionState(s).label}</Badge>
            </div>
            <p className="mt-1 text-sm text-slate-700">
              {s.kind === 'intro' ? 'Free intro' : formatMoney(s.totalAmountCents, s.currency)} · {paymentWords(s.payment, s.currency, s.kind === 'intro')}
            </p>
            <p className="mt-1 text-xs text-slate-500">{formatDateTime(s.startsAt)}</p>
          </QueueLink>
        )}
      />
    </div>
  );
}
