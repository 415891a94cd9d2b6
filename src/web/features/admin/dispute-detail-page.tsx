import { Gavel } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatMoney } from '@shared/pricing';
import type { DisputeView } from '@shared/schemas/admin';
import { sessionState } from '@shared/sessions';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { formatDateTime, formatDuration, localZoneName } from '../../lib/format';
import { useDispute } from './api/get-dispute';
import { Facts, paymentWords, RecordFrame } from './console-parts';
import { DecideDisputeDialog } from './decide-dispute-dialog';

function Party({ title, name, email, extra }: { title: string; name: string; email: string | null; extra?: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 p-4">
      <h3 className="text-sm font-medium text-slate-600">{title}</h3>
      <p className="mt-0.5 font-semibold text-slate-900">{name}</p>
      {email ? (
        <a href={`mailto:${email}`} className="text-sm text-brand-700 underline-offset-2 hover:underline">
          {email}
        </a>
      ) : null}
      {extra}
    </div>
  );
}

function Said({ children }: { children: string | null }) {
  return (
    <blockquote className="mt-1 whitespace-pre-line break-words border-l-4 border-amber-300 pl-3 text-sm leading-relaxed text-slate-900">
      {children || 'No details given.'}
    </blockquote>
  );
}

/** A contested no-show report (docs/product.md "No-shows"): who said the other did not attend, and both statements. */
function NoShowStatements({ dispute: d, noShow }: { dispute: DisputeView; noShow: NonNullable<DisputeView['noShow']> }) {
  const reporter = noShow.reportedBy === 'client' ? `${d.client.name} (client)` : `${d.expert.name} (expert)`;
  const absent = noShow.reportedBy === 'client' ? `${d.expert.name} (expert)` : `${d.client.name} (client)`;
  return (
    <div className="mt-6 space-y-4 border-t border-slate-100 pt-6">
      <p className="text-sm font-semibold text-slate-900">
        Contested no-show: {reporter} reported that {absent} did not attend.
      </p>
      <div>
        <h3 className="text-sm font-medium text-slate-600">
          Report by {reporter} ({formatDateTime(noShow.reportedAt)})
        </h3>
        <Said>{noShow.statement}</Said>
      </div>
      <div>
        <h3 className="text-sm font-medium text-slate-600">
          Answer from {absent} ({formatDateTime(d.createdAt)})
        </h3>
        <Said>{noShow.contestStatement}</Said>
      </div>
    </div>
  );
}

function Detail({ dispute: d }: { dispute: DisputeView }) {
  const [deciding, setDeciding] = useState(false);
  const badge = sessionState(d.session);
  return (
    <div className="space-y-6">
      <Card className="p-5 sm:p-8">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-600">
              Session <span className="font-mono">#{d.session.id.slice(0, 8)}</span>
            </p>
            <h2 className="mt-1 text-xl font-bold text-slate-900 sm:text-2xl">
              {d.client.name} with {d.expert.name}
            </h2>
          </div>
          <Badge tone={badge.tone} className="text-sm">
            {badge.label}
          </Badge>
        </div>
        <div className="mt-6 grid gap-3 sm:grid-cols-2">
          <Party title="Client" name={d.client.name} email={d.client.email} />
          <Party
            title="Expert"
            name={d.expert.name}
            email={d.expert.email}
            extra={
              <Link to={`/expert/${d.expert.slug}`} className="mt-1 block text-sm text-brand-700 underline-offset-2 hover:underline">
                Public profile
              </Link>
            }
          />
        </div>
        <Facts
          className="mt-6 border-t border-slate-100 pt-6"
          items={[
            { label: 'When', value: `${formatDateTime(d.session.startsAt)} ${localZoneName(d.session.startsAt)}` },
            { label: 'Duration', value: formatDuration(d.session.durationMinutes) },
            { label: 'Topic', value: d.session.topic || 'No topic' },
            { label: 'Payment', value: paymentWords(d.payment, d.session.currency, d.session.kind === 'intro') },
          ]}
        />
        {d.noShow ? (
          <NoShowStatements dispute={d} noShow={d.noShow} />
        ) : (
          <div className="mt-6 border-t border-slate-100 pt-6">
            <h3 className="text-sm font-medium text-slate-600">The client's report ({formatDateTime(d.createdAt)})</h3>
            <Said>{d.description}</Said>
          </div>
        )}
      </Card>
      {d.resolution ? (
        <section aria-labelledby="resolution-title" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5 sm:p-6">
          <h2 id="resolution-title" className="text-lg font-semibold text-slate-900">
            Decided for the {d.resolution.decision}
          </h2>
          <p className="mt-1 text-sm text-slate-800">
            {formatDateTime(d.resolution.resolvedAt)}
            {d.resolution.decision === 'client' ? ` · Refund ${formatMoney(d.resolution.refundCents, d.session.currency)}` : ''}
          </p>
          <p className="mt-2 whitespace-pre-line text-sm text-slate-900">Note: {d.resolution.note}</p>
        </section>
      ) : (
        <section aria-labelledby="decide-title" className="rounded-2xl border border-amber-200 bg-amber-50 p-5 sm:p-6">
          <h2 id="decide-title" className="text-lg font-semibold text-slate-900">
            Waiting for the team
          </h2>
          <p className="mt-1 text-sm text-slate-800">The client was promised contact within 24 hours. Both parties are e-mailed the decision and your note.</p>
          <Button className="mt-4" onClick={() => setDeciding(true)}>
            <Gavel className="h-4 w-4" aria-hidden />
            Decide Dispute
          </Button>
          <DecideDisputeDialog dispute={d} open={deciding} onOpenChange={setDeciding} />
        </section>
      )}
    </div>
  );
}

/** /admin/disputes/{id} (docs/product.md "Disputes"): the session, both parties, the client's report, and the decision. */
export default function DisputeDetailPage() {
  const { id = '' } = useParams();
  const query = useDispute(id);
  return (
    <RecordFrame backTo="/admin/disputes" backLabel="All disputes" query={query}>
      {query.data ? <Detail dispute={query.data} /> : null}
    </RecordFrame>
  );
}
