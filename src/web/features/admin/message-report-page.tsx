import { useParams } from 'react-router';
import type { MessageReportDetail } from '@shared/schemas/conversations';
import { AttachmentLink } from '../../components/attachment-link';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormError } from '../../components/ui/input';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useMessageReport } from './api/get-message-report';
import { useHandleMessageReport } from './api/handle-message-report';
import { Facts, RecordFrame } from './console-parts';
import { LiftMessagingSuspension } from './lift-messaging-dialog';

function Actions({ report }: { report: MessageReportDetail['report'] }) {
  const handle = useHandleMessageReport(report.id);
  const act = (action: 'dismiss' | 'suspend') =>
    handle.mutate(action, {
      onSuccess: () => toast.success(action === 'dismiss' ? 'Report dismissed.' : `${report.reported.name}'s messaging is suspended.`),
    });
  const lift = report.reported.messagingSuspended ? <LiftMessagingSuspension userId={report.reported.id} name={report.reported.name} /> : null;
  if (report.status !== 'open')
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-800">
          {report.status === 'dismissed' ? 'Dismissed' : `${report.reported.name}'s messaging was suspended`}
          {report.handledAt ? ` on ${formatDateTime(report.handledAt)}.` : '.'}
          {report.status === 'suspended' && !report.reported.messagingSuspended ? ' The suspension has since been lifted.' : ''}
        </p>
        {lift}
      </div>
    );
  return (
    <div className="space-y-3">
      <FormError>{handle.error?.message ?? null}</FormError>
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => act('dismiss')} disabled={handle.isPending}>
          Dismiss report
        </Button>
        {report.reported.messagingSuspended ? (
          lift
        ) : (
          <Button variant="destructive" onClick={() => act('suspend')} disabled={handle.isPending}>
            Suspend {report.reported.name}'s messaging
          </Button>
        )}
      </div>
    </div>
  );
}

function Detail({ detail: { report, messages } }: { detail: MessageReportDetail }) {
  const names = { [report.reporter.role]: report.reporter.name, [report.reported.role]: report.reported.name };
  return (
    <div className="space-y-6">
      <Card className="p-5 sm:p-8">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 className="text-xl font-bold text-slate-900 sm:text-2xl">
            {report.reporter.name} reported {report.reported.name}
          </h2>
          {report.reported.messagingSuspended ? <Badge tone="amber">Messaging suspended</Badge> : null}
        </div>
        <Facts
          className="mt-6"
          items={[
            { label: `Reporter (${report.reporter.role})`, value: `${report.reporter.name} · ${report.reporter.email}` },
            { label: `Reported (${report.reported.role})`, value: `${report.reported.name} · ${report.reported.email}` },
            { label: 'Reported on', value: formatDateTime(report.createdAt) },
          ]}
        />
        <h3 className="mt-6 text-sm font-medium text-slate-600">Reason</h3>
        <blockquote className="mt-1 whitespace-pre-line break-words border-l-4 border-amber-300 pl-3 text-sm text-slate-900">{report.reason}</blockquote>
        <div className="mt-6 border-t border-slate-100 pt-6">
          <Actions report={report} />
        </div>
      </Card>
      <section aria-labelledby="reported-conversation-title">
        <h2 id="reported-conversation-title" className="text-lg font-semibold text-slate-900">
          The conversation (read-only; your view and every attachment you download are recorded in the audit log)
        </h2>
        <ol aria-label="Reported conversation" className="mt-3 space-y-3">
          {messages.map((m) => (
            <li key={m.id} className="rounded-xl border border-slate-200 bg-white p-3">
              <p className="text-xs text-slate-600">
                <span className="font-semibold text-slate-900">{names[m.senderRole]}</span> ({m.senderRole}) · {formatDateTime(m.sentAt)}
              </p>
              {m.body ? <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-900">{m.body}</p> : null}
              {m.attachment ? <AttachmentLink attachment={m.attachment} className="mt-1 text-sm text-brand-700" /> : null}
            </li>
          ))}
        </ol>
        {messages.length === 0 ? <p className="mt-3 text-sm text-slate-600">No messages in this conversation.</p> : null}
      </section>
    </div>
  );
}

/** /admin/message-reports/{id} (docs/product.md "Messages", "Team console"): the report, the reported conversation read-only, and the team's actions. */
export default function MessageReportPage() {
  const { id = '' } = useParams();
  const query = useMessageReport(id);
  return (
    <RecordFrame backTo="/admin/message-reports" backLabel="All message reports" query={query}>
      {query.data ? <Detail detail={query.data} /> : null}
    </RecordFrame>
  );
}
