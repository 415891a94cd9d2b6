import { Ban, Eye, EyeOff, RotateCcw, ShieldCheck, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { messages } from '@shared/messages';
import type { UserDetail } from '@shared/schemas/admin-users';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { usePage } from '../../components/pager';
import { formatDateTime } from '../../lib/format';
import { useCancelBookedSessions } from './api/cancel-booked-sessions';
import { useUser } from './api/get-user';
import { useUserAudit } from './api/get-user-audit';
import { useReinstateUser } from './api/reinstate-user';
import { useSetExpertVisibility } from './api/set-expert-visibility';
import { useSuspendUser } from './api/suspend-user';
import { Facts, RecordFrame, RecordPart } from './console-parts';
import { LiftMessagingSuspension } from './lift-messaging-dialog';
import { ReasonDialog } from './reason-dialog';
import { RoleDialog } from './role-dialog';
import { TeamActions } from './team-actions';
import { UserPlansAndPackages } from './user-prepaid';
import { UserSessions } from './user-sessions';
import { roleWords, StateBadge } from './user-parts';

type Action = 'suspend' | 'reinstate' | 'cancel' | 'role' | 'unpublish' | 'republish' | null;

/** Suspend or reinstate, lift a messaging suspension, cancel the booked sessions of a suspended account, change the role. */
function Actions({ user: u }: { user: UserDetail }) {
  const [open, setOpen] = useState<Action>(null);
  const close = (o: boolean) => !o && setOpen(null);
  const suspend = useSuspendUser(u.id);
  const reinstate = useReinstateUser(u.id);
  const cancel = useCancelBookedSessions(u.id);
  const unpublish = useSetExpertVisibility(u.expert?.id ?? '', false);
  const republish = useSetExpertVisibility(u.expert?.id ?? '', true);
  if (u.state === 'deleted') return null;
  const profile = u.expert?.status;
  return (
    <div className="flex flex-wrap gap-2">
      {u.state === 'active' ? (
        <Button variant="destructive" onClick={() => setOpen('suspend')}>
          <Ban className="h-4 w-4" aria-hidden />
          Suspend Account
        </Button>
      ) : (
        <Button variant="outline" onClick={() => setOpen('reinstate')}>
          <RotateCcw className="h-4 w-4" aria-hidden />
          Reinstate Account
        </Button>
      )}
      {u.messagingSuspendedAt ? <LiftMessagingSuspension userId={u.id} name={u.name} /> : null}
      <Button variant="outline" onClick={() => setOpen('role')}>
        <ShieldCheck className="h-4 w-4" aria-hidden />
        Change Role
      </Button>
      <ReasonDialog
        id="suspend-reason"
        title={`Suspend ${u.name}?`}
        description="They are signed out everywhere at once and cannot sign in; an expert profile leaves the catalogue, the monthly plans subscribed to it end with the unused sessions of the month refunded, and the packages bought from it are refunded their unused sessions. They receive the reason by e-mail."
        label="Reason for the suspension"
        submitLabel="Suspend Account"
        done={messages.admin.suspended}
        destructive
        mutation={suspend}
        open={open === 'suspend'}
        onOpenChange={close}
      />
      <ReasonDialog
        id="reinstate-reason"
        title={`Reinstate ${u.name}?`}
        description="They can sign in again and receive your note by e-mail. A hidden expert profile stays hidden until republished."
        label="Note to the person"
        submitLabel="Reinstate Account"
        done={messages.admin.reinstated}
        mutation={reinstate}
        open={open === 'reinstate'}
        onOpenChange={close}
      />
      <ReasonDialog
        id="cancel-reason"
        title={`Cancel ${u.bookedSessionIds.length} booked ${u.bookedSessionIds.length === 1 ? 'session' : 'sessions'}?`}
        description="Each is cancelled by the team and refunded in full; both parties receive the reason by e-mail."
        label="Reason for both parties"
        submitLabel="Cancel All with Full Refunds"
        done={(r) => messages.admin.cancelledAll(r.cancelled)}
        destructive
        mutation={cancel}
        open={open === 'cancel'}
        onOpenChange={close}
      />
      {u.state === 'suspended' && u.bookedSessionIds.length ? (
        <Button variant="destructive" onClick={() => setOpen('cancel')}>
          <XCircle className="h-4 w-4" aria-hidden />
          Cancel Booked Sessions
        </Button>
      ) : null}
      {profile === 'published' ? (
        <Button variant="outline" onClick={() => setOpen('unpublish')}>
          <EyeOff className="h-4 w-4" aria-hidden />
          Unpublish Profile
        </Button>
      ) : null}
      {profile === 'suspended' && u.state === 'active' ? (
        <Button variant="outline" onClick={() => setOpen('republish')}>
          <Eye className="h-4 w-4" aria-hidden />
          Republish Profile
        </Button>
      ) : null}
      <ReasonDialog
        id="unpublish-reason"
        title={`Unpublish ${u.name}'s profile?`}
        description="The profile leaves search and its page at once; booked sessions stay as they are. The monthly plans subscribed to the expert end now with the unused sessions of the month refunded, and the packages bought from them are refunded their unused sessions. The expert receives the reason by e-mail."
        label="Reason for the expert"
        submitLabel="Unpublish Profile"
        done={messages.admin.unpublished}
        destructive
        mutation={unpublish}
        open={open === 'unpublish'}
        onOpenChange={close}
      />
      <ReasonDialog
        id="republish-reason"
        title={`Publish ${u.name}'s profile again?`}
        description="Clients can find and book the expert again. The expert receives your note by e-mail."
        label="Note to the expert"
        submitLabel="Republish Profile"
        done={messages.admin.republished}
        mutation={republish}
        open={open === 'republish'}
        onOpenChange={close}
      />
      <RoleDialog key={u.role} user={u} open={open === 'role'} onOpenChange={close} />
    </div>
  );
}

function Detail({ user: u }: { user: UserDetail }) {
  const [actionsPage] = usePage('actions');
  return (
    <div className="space-y-5">
      <Card className="p-5 sm:p-8">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-xl font-semibold text-slate-900">{u.name}</h2>
            <p className="break-all text-sm text-slate-700">{u.email}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Badge tone="brand">{roleWords(u.role)}</Badge>
              <StateBadge state={u.state} />
            </div>
          </div>
          <Actions user={u} />
        </div>
        {u.suspension ? (
          <p role="status" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            Suspended {formatDateTime(u.suspension.at)}: {u.suspension.reason}
            {u.bookedSessionIds.length
              ? ` · ${u.bookedSessionIds.length} booked ${u.bookedSessionIds.length === 1 ? 'session' : 'sessions'} still to cancel`
              : ''}
          </p>
        ) : null}
        {u.messagingSuspendedAt ? (
          <p role="status" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            Messaging suspended {formatDateTime(u.messagingSuspendedAt)} after a report: they can neither send messages nor start conversations.
          </p>
        ) : null}
        <Facts
          className="mt-5 border-t border-slate-100 pt-5"
          items={[
            { label: 'Joined', value: formatDateTime(u.createdAt) },
            { label: 'Phone', value: u.phone ?? 'None' },
            { label: 'E-mail confirmed', value: u.emailVerified ? 'Yes' : 'No' },
            { label: 'Two-factor sign-in', value: u.twoFactorEnabled ? 'On' : 'Off' },
            { label: 'Time zone', value: u.timeZone ?? 'Not known yet' },
            {
              label: 'Expert profile',
              value: u.expert ? (
                <Link to={`/expert/${u.expert.slug}`} className="text-brand-700 underline-offset-2 hover:underline">
                  {u.expert.status === 'published' ? 'Published' : u.expert.status === 'draft' ? 'Draft' : 'Hidden by the team'}
                </Link>
              ) : (
                'None'
              ),
            },
            ...(u.organisations.length
              ? [
                  {
                    label: 'Partner organisations managed',
                    value: (
                      <ul>
                        {u.organisations.map((o) => (
                          <li key={o.id}>
                            <Link to={`/admin/organisations/${o.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                              {o.name}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <UserSessions userId={u.id} />
      <UserPlansAndPackages userId={u.id} />
      <RecordPart id="user-sign-ins" title="Sign-in sessions" empty={u.signIns.length ? null : 'Not signed in anywhere.'}>
        <ul className="divide-y divide-slate-100 text-sm">
          {u.signIns.map((s) => (
            <li key={s.id} className="py-2">
              <span className="text-slate-900">Since {formatDateTime(s.createdAt)}</span>
              <span className="block break-all text-slate-600">{[s.ipAddress, s.userAgent].filter(Boolean).join(' · ') || 'Unknown device'}</span>
            </li>
          ))}
        </ul>
      </RecordPart>
      <RecordPart id="user-reports" title="Conversations reported" empty={u.reports.length ? null : 'No conversation reported.'}>
        <ul className="divide-y divide-slate-100 text-sm">
          {u.reports.map((r) => (
            <li key={r.id} className="py-2">
              <Link to={`/admin/message-reports/${r.id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                {formatDateTime(r.createdAt)}
              </Link>{' '}
              · {r.status} · {r.reason}
            </li>
          ))}
        </ul>
      </RecordPart>
      <RecordPart id="user-applications" title="Expert applications" empty={u.applications.length ? null : 'No applications.'}>
        <ul className="divide-y divide-slate-100 text-sm">
          {u.applications.map((a) => (
            <li key={a.id} className="py-2">
              <Link to={`/admin/applications/${a.id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                {a.professionalTitle}
              </Link>{' '}
              · {a.status.replace('_', ' ')} · {formatDateTime(a.createdAt)}
            </li>
          ))}
        </ul>
      </RecordPart>
      <TeamActions query={useUserAudit(u.id, actionsPage)} />
    </div>
  );
}

/** /admin/users/{id} (docs/product.md "Team console", "People"): one account, its sessions and money, and the team's actions on it. */
export default function UserDetailPage() {
  const { id = '' } = useParams();
  const query = useUser(id);
  return (
    <RecordFrame backTo="/admin/users" backLabel="All users" query={query}>
      {query.data ? <Detail user={query.data} /> : null}
    </RecordFrame>
  );
}
