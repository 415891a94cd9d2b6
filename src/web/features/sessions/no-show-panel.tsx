import { AlertTriangle, CheckCircle2, Scale, UserX } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { absentParty, canContestNoShow, canReportNoShow, type Party } from '@shared/no-shows';
import { formatMoney } from '@shared/pricing';
import type { NoShowView } from '@shared/schemas/no-shows';
import type { SessionView } from '@shared/schemas/sessions';
import { Button } from '../../components/ui/button';
import { formatDateTime, localZoneName } from '../../lib/format';
import { useNoShow } from './api/get-no-show';
import { ContestNoShowDialog, ReportNoShowDialog } from './no-show-dialogs';
import { StatusPanel } from './status-panel';

const nameOf = (s: SessionView, side: Party) => (s.viewerRole === side ? 'you' : side === 'client' ? s.clientName : s.expertName);
const upper = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const when = (iso: string) => `${formatDateTime(iso)} (${localZoneName(iso)})`;

/** What an uncontested report does with the money, in the viewer's words. */
function outcomeLine(s: SessionView, r: NoShowView): string {
  const amount = formatMoney(s.payment?.amountCents ?? 0, s.currency);
  if (!s.payment) return r.reportedBy === 'client' ? 'the session is cancelled' : 'the session is closed';
  if (r.reportedBy === 'client') return s.viewerRole === 'client' ? `you get a full refund of ${amount}` : `${s.clientName} gets a full refund of ${amount}`;
  return s.viewerRole === 'expert' ? `the payment of ${amount} is released to you` : `the payment of ${amount} is released to ${s.expertName}`;
}

function Statement({ who, children }: { who: string; children: string }) {
  return (
    <blockquote className="mt-2 break-words border-l-4 border-slate-300 pl-3 text-slate-800">
      <span className="block text-xs font-medium uppercase tracking-wide text-slate-600">{who}</span>
      {children || <span className="italic text-slate-600">No statement given.</span>}
    </blockquote>
  );
}

/** The report as it stands, for its reporter or the party reported absent. */
function ReportPanel({ session, report }: { session: SessionView; report: NoShowView }) {
  const [contesting, setContesting] = useState(false);
  const reporter = nameOf(session, report.reportedBy);
  const absent = nameOf(session, absentParty(report.reportedBy));
  const statements = (
    <>
      <Statement who={`Report by ${reporter}`}>{report.statement}</Statement>
      {report.contestStatement !== null ? <Statement who={`Answer from ${absent}`}>{report.contestStatement}</Statement> : null}
    </>
  );
  const counterpart = session.viewerRole === 'client' ? session.expertName : session.clientName;
  if (report.status === 'contested')
    return (
      <StatusPanel icon={Scale} tone="amber" title="No-show report under review">
        <p>{upper(absent)} contested the report. Our team reviews both statements and contacts you both within 24 hours; the payment stays held until then.</p>
        {statements}
      </StatusPanel>
    );
  if (report.status === 'upheld')
    return (
      <StatusPanel icon={CheckCircle2} tone="neutral" title="No-show report settled">
        <p>The report was not contested within 48 hours, so {outcomeLine(session, report)}.</p>
        {statements}
      </StatusPanel>
    );
  const mayContest = canContestNoShow({ ...report, respondBy: new Date(report.respondBy) }, session.viewerRole);
  return (
    <StatusPanel
      icon={UserX}
      tone="amber"
      title={session.viewerRole === report.reportedBy ? 'No-show reported' : `${upper(reporter)} reported that you did not attend`}
      actions={mayContest ? <Button onClick={() => setContesting(true)}>Contest</Button> : undefined}
    >
      <p>
        {session.viewerRole === report.reportedBy
          ? `${upper(absent)} can contest until ${when(report.respondBy)}. If not, ${outcomeLine(session, report)}.`
          : `If you did attend, contest the report by ${when(report.respondBy)} and tell us what happened; our team then reviews both sides. If not, ${outcomeLine(session, report)}.`}
      </p>
      {statements}
      <ContestNoShowDialog sessionId={session.id} counterpart={counterpart} open={contesting} onOpenChange={setContesting} />
    </StatusPanel>
  );
}

/** 'Report a no-show', offered from the session's end until 48 hours after it. */
function ReportOffer({ session }: { session: SessionView }) {
  const [reporting, setReporting] = useState(false);
  const counterpart = session.viewerRole === 'client' ? session.expertName : session.clientName;
  return (
    <StatusPanel
      icon={AlertTriangle}
      tone="neutral"
      title={`Did ${counterpart} not show up?`}
      actions={
        <Button variant="outline" onClick={() => setReporting(true)}>
          Report a no-show
        </Button>
      }
    >
      <p>You can report a no-show until 48 hours after the session ended. {counterpart} then has 48 hours to contest it.</p>
      <ReportNoShowDialog sessionId={session.id} counterpart={counterpart} open={reporting} onOpenChange={setReporting} />
    </StatusPanel>
  );
}

/**
 * The session's next steps with its no-show report (docs/product.md "No-shows"): an open or contested report takes the
 * place of the usual panel (`children`: confirming and reporting an issue wait for it); a settled one is shown
 * beneath it; with no report, 'Report a no-show' is offered beneath it while the 48-hour window is open.
 */
export function WithNoShow({ session, children }: { session: SessionView; children: ReactNode }) {
  const { data } = useNoShow(session.id);
  const report = data?.report ?? null;
  if (report && report.status !== 'upheld') return <ReportPanel session={session} report={report} />;
  const offer = !report && canReportNoShow({ status: session.status, endsAt: new Date(session.endsAt) });
  return (
    <div className="space-y-6">
      {children}
      {report ? <ReportPanel session={session} report={report} /> : null}
      {offer ? <ReportOffer session={session} /> : null}
    </div>
  );
}
