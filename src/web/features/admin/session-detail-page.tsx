import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatMoney } from '@shared/pricing';
import type { AdminSessionDetail } from '@shared/schemas/admin-sessions';
import { sessionState } from '@shared/sessions';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/data-table';
import { Card } from '../../components/ui/card';
import { formatDateTime, formatDuration, localZoneName } from '../../lib/format';
import { useSession } from './api/get-session';
import { Facts, paymentWords, RecordFrame } from './console-parts';
import { RefundDialog } from './refund-dialog';

const eventWords = {
  hold: 'Held',
  release: 'Released to the expert',
  refund: 'Refunded to the client',
  dispute: 'Card chargeback',
  fee: 'Mentora commission',
} as const;

function Detail({ session: s }: { session: AdminSessionDetail }) {
  const [refunding, setRefunding] = useState(false);
  const person = (p: { id: string | null; name: string; email: string | null }) =>
    p.id ? (
      <Link to={`/admin/users/${p.id}`} className="text-brand-700 underline-offset-2 hover:underline">
        {p.name}
      </Link>
    ) : (
      p.name
    );
  return (
    <div className="space-y-5">
      <Card className="p-5 sm:p-8">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="text-xl font-semibold text-slate-900">
              {s.client.name} with {s.expert.name}
            </h2>
            <Badge className="mt-2" tone={sessionState(s).tone}>
              {sessionState(s).label}
            </Badge>
          </div>
          {s.refundableCents > 0 ? (
            <Button variant="outline" onClick={() => setRefunding(true)}>
              <Undo2 className="h-4 w-4" aria-hidden />
              Refund
            </Button>
          ) : null}
        </div>
        <Facts
          className="mt-5 border-t border-slate-100 pt-5"
          items={[
            { label: 'Client', value: person(s.client) },
            { label: 'Expert', value: person(s.expert) },
            { label: 'When', value: `${formatDateTime(s.startsAt)} ${localZoneName(s.startsAt)}` },
            { label: 'Duration', value: formatDuration(s.durationMinutes) },
            { label: 'Topic', value: s.topic || 'No topic' },
            { label: 'Payment', value: paymentWords(s.payment, s.currency, s.kind === 'intro') },
            ...(s.cancelReason ? [{ label: `Cancelled by the ${s.cancelledBy ?? 'team'}`, value: s.cancelReason }] : []),
            { label: 'Session id', value: <code className="break-all text-xs">{s.id}</code> },
          ]}
        />
        {s.refundableCents > 0 ? <RefundDialog session={s} open={refunding} onOpenChange={setRefunding} /> : null}
      </Card>
      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">Payment ledger</h2>
        <DataTable
          className="mt-3"
          caption="Every movement of this session's money, oldest first"
          rows={s.ledger}
          rowKey={(e) => e.id}
          empty="No money has moved for this session."
          columns={[
            { header: 'When', cell: (e) => formatDateTime(e.at) },
            {
              header: 'Movement',
              cell: (e) => (
                <>
                  {eventWords[e.type]}
                  {e.actorName ? ` · ${e.actorName}` : ''}
                  {e.note ? <span className="block text-xs text-slate-600">{e.note}</span> : null}
                </>
              ),
            },
            { header: 'Amount', numeric: true, cell: (e) => formatMoney(e.amountCents, s.currency) },
          ]}
        />
      </Card>
    </div>
  );
}

/** /admin/sessions/{id} (docs/product.md "Team console", "Sessions and money"): the session, its ledger, and a refund. */
export default function SessionDetailPage() {
  const { id = '' } = useParams();
  const query = useSession(id);
  return (
    <RecordFrame backTo="/admin/sessions" backLabel="All sessions" query={query}>
      {query.data ? <Detail session={query.data} /> : null}
    </RecordFrame>
  );
}
