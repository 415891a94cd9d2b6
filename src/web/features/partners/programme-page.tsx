import { Upload, UserMinus } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { Link, useParams } from 'react-router';
import { formatMoney } from '@shared/pricing';
import { invitationDeliveryNames, inviteListLimits, joinRuleNames, type InvitationDelivery } from '@shared/programmes';
import type { InviteListResult, ProgrammeDetail } from '@shared/schemas/programmes';
import { PageHeader } from '../../components/page-header';
import { RequireAuth } from '../../components/require-auth';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/data-table';
import { Card } from '../../components/ui/card';
import { FormError, Label } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { PageSpinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useInviteList, useProgramme, useProgrammeStatus, useRemoveMember } from './api/programmes';

function terms(p: ProgrammeDetail): string {
  const covers = [p.coversSessions && 'one-to-one sessions', p.coversIntros && 'intro meetings', p.coversWorkshops && 'workshop seats']
    .filter(Boolean)
    .join(', ');
  const period = p.limitPeriod === 'month' ? 'a month' : 'in total';
  const limits = [p.sessionLimit !== null && `${p.sessionLimit} sessions ${period}`, p.centsLimit !== null && `${formatMoney(p.centsLimit)} ${period}`]
    .filter(Boolean)
    .join(' and ');
  return [
    `Covers ${covers}`,
    limits ? `per member: ${limits}` : 'no limit per member',
    p.maxPriceCents !== null ? `up to ${formatMoney(p.maxPriceCents)} of a session` : 'the whole price',
    p.expertName ? `with ${p.expertName} only` : p.expertise ? `${p.expertise} only` : null,
    `${p.startsOn} to ${p.endsOn} (UTC)`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The invited list's CSV upload: the browser reads the file's text (at most 256 kB) and the server parses it. */
function InviteList({ organisationId, programme }: { organisationId: string; programme: ProgrammeDetail }) {
  const invite = useInviteList(organisationId, programme.id);
  const [result, setResult] = useState<InviteListResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (file.size > inviteListLimits.bytes) {
      setError(`Please upload at most ${inviteListLimits.addresses} addresses (256 kB) at a time`);
      return;
    }
    setError(null);
    invite.mutate(await file.text(), { onSuccess: setResult, onError: (err) => setError(err.message) });
  };
  return (
    <div className="mt-4 space-y-2">
      <Label htmlFor="invite-list">Invite a list (CSV, one e-mail address a line)</Label>
      <label className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
        <Upload className="h-4 w-4" aria-hidden />
        Choose a CSV file
        <input id="invite-list" type="file" accept=".csv,text/csv,text/plain" className="sr-only" onChange={(e) => void pick(e)} disabled={invite.isPending} />
      </label>
      <FormError>{error ?? ''}</FormError>
      {result ? (
        // An address has no place to break: it may break anywhere rather than run out of the box on a phone.
        <div role="status" className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800 wrap-anywhere">
          <p className="font-medium">{result.invited === 1 ? '1 invitation sent' : `${result.invited} invitations sent`}</p>
          {result.duplicates.length ? <p>Listed twice: {result.duplicates.join(', ')}</p> : null}
          {result.alreadyInvited.length ? <p>Already invited: {result.alreadyInvited.join(', ')}</p> : null}
          {result.invalid.length ? <p>Lines without a valid address: {result.invalid.map((l) => `${l.line} (“${l.text}”)`).join(', ')}</p> : null}
        </div>
      ) : null}
    </div>
  );
}

/** An invited address's delivery: sending, sent, or not delivered with the mail server's reply. */
function InvitationDeliveryNote({ delivery, error }: { delivery: InvitationDelivery; error: string | null }) {
  if (delivery !== 'not_delivered') return <span className="text-slate-600"> · {invitationDeliveryNames[delivery]}</span>;
  return (
    <span className="block font-medium text-red-800">
      {invitationDeliveryNames.not_delivered}
      {error ? `: ${error}` : ''}
    </span>
  );
}

function Programme({ organisationId, programmeId }: { organisationId: string; programmeId: string }) {
  const query = useProgramme(organisationId, programmeId);
  const status = useProgrammeStatus(organisationId, programmeId);
  const remove = useRemoveMember(organisationId, programmeId);
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <LoadError what="This programme could not be loaded." error={query.error} onRetry={query.refetch} />;
  const p = query.data;
  const setStatus = (to: 'active' | 'paused' | 'ended', done: string) =>
    status.mutate(to, { onSuccess: () => toast.success(done), onError: (err) => toast.error(err.message) });
  return (
    <div className="space-y-5">
      <PageHeader eyebrow={`Programme · ${p.status}`} title={p.name} lead={terms(p)} />
      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">Joining</h2>
        <p className="mt-2 text-slate-800">
          {joinRuleNames[p.joinRule]}. Access code: <strong className="font-mono">{p.code}</strong>
        </p>
        <p className="mt-1 text-sm text-slate-600">Members are told you see who booked with whom and when, never their topics, messages or feedback.</p>
        {p.joinRule === 'invited' && p.status !== 'ended' ? <InviteList organisationId={organisationId} programme={p} /> : null}
        <div className="mt-4 flex flex-wrap gap-2">
          {p.status === 'active' ? (
            <Button variant="outline" size="sm" disabled={status.isPending} onClick={() => setStatus('paused', 'Programme paused')}>
              Pause
            </Button>
          ) : null}
          {p.status === 'paused' ? (
            <Button variant="outline" size="sm" disabled={status.isPending} onClick={() => setStatus('active', 'Programme reopened')}>
              Reopen
            </Button>
          ) : null}
          {p.status !== 'ended' ? (
            <Button variant="outline" size="sm" disabled={status.isPending} onClick={() => setStatus('ended', 'Programme ended')}>
              End programme
            </Button>
          ) : null}
        </div>
        <p className="mt-2 text-xs text-slate-600">Sessions already booked stay funded when you pause or end it, or remove a member.</p>
      </Card>
      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">Members ({p.members})</h2>
        {/* Addresses may break anywhere rather than run out of the card on a phone. */}
        <ul className="mt-3 divide-y divide-slate-100 wrap-anywhere">
          {p.memberList.map((m) => (
            <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-medium text-slate-900">{m.name}</span> <span className="text-slate-600">{m.email}</span>
                {m.removedAt ? <span className="text-slate-600"> — removed</span> : null}
              </span>
              {!m.removedAt ? (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(m.userId, { onSuccess: () => toast.success(`${m.name} removed`), onError: (err) => toast.error(err.message) })}
                >
                  <UserMinus className="h-4 w-4" aria-hidden />
                  Remove {m.name}
                </Button>
              ) : null}
            </li>
          ))}
          {p.invitations
            .filter((i) => !i.acceptedAt)
            .map((i) => (
              <li key={i.email} className="py-2 text-sm text-slate-700">
                {i.email} — invited {formatDateTime(i.createdAt)}
                {i.delivery ? <InvitationDeliveryNote delivery={i.delivery} error={i.deliveryError} /> : null}
              </li>
            ))}
        </ul>
        {p.notDelivered ? (
          <p className="mt-3 text-sm text-red-800">
            {p.notDelivered === 1 ? '1 invitation was not delivered' : `${p.notDelivered} invitations were not delivered`}: upload the corrected addresses to
            invite them.
          </p>
        ) : null}
      </Card>
      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">Sessions booked</h2>
        <DataTable
          className="mt-3"
          caption="Sessions booked with this programme"
          stackOnPhone
          rows={p.bookings}
          rowKey={(b) => b.sessionId}
          empty="No session booked with this programme yet."
          columns={[
            { header: 'Member', cell: (b) => b.memberName },
            { header: 'Expert', cell: (b) => b.expertName },
            { header: 'When', cell: (b) => formatDateTime(b.startsAt) },
            { header: 'Status', cell: (b) => b.status },
            {
              header: 'Credit',
              cell: (b) => `${formatMoney(b.creditCents - b.returnedCents)}${b.returnedCents ? ` (${formatMoney(b.returnedCents)} returned)` : ''}`,
            },
          ]}
        />
      </Card>
    </div>
  );
}

/** /partner/:id/programmes/:programmeId (docs/product.md "Access programmes"): one programme as its managers run it. */
export default function ProgrammePage() {
  const { id = '', programmeId = '' } = useParams();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <Link to={`/partner/${id}`} className="text-sm text-brand-700 underline-offset-2 hover:underline">
        ← The organisation
      </Link>
      <div className="mt-4">
        <RequireAuth>
          <Programme organisationId={id} programmeId={programmeId} />
        </RequireAuth>
      </div>
    </div>
  );
}
