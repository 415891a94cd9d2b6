import { useState } from 'react';
import type { ProgrammeStatus } from '@shared/programmes';
import { formatMoney } from '@shared/pricing';
import type { ProgrammeSummary } from '@shared/schemas/programmes';
import { QueryCard } from '../../components/query-card';
import { Button } from '../../components/ui/button';
import { useOrganisationProgrammes, useSetProgrammeStatus } from './api/organisation-programmes';
import { ReasonDialog } from './reason-dialog';

/** Each change of a programme's status the team can make, in the console's words (docs/product.md "Access programmes"). */
const changes: Record<ProgrammeStatus, { button: string; submit: string; done: string; description: string; destructive?: true }> = {
  paused: {
    button: 'Pause',
    submit: 'Pause Programme',
    done: 'Programme paused',
    description: 'Its members cannot book with it until it is reopened; sessions already booked stay funded. Nobody is e-mailed.',
  },
  active: {
    button: 'Reopen',
    submit: 'Reopen Programme',
    done: 'Programme reopened',
    description: 'Its members can book with it again, within its terms. Nobody is e-mailed.',
  },
  ended: {
    button: 'End',
    submit: 'End Programme',
    done: 'Programme ended',
    description: 'Its members can book with it no more and it cannot be opened again; sessions already booked stay funded. Nobody is e-mailed.',
    destructive: true,
  },
};

/** What the team may change a programme in `status` to: as its managers may, an ended one stays ended. */
const nextStatuses = (status: ProgrammeStatus): ProgrammeStatus[] =>
  status === 'active' ? ['paused', 'ended'] : status === 'paused' ? ['active', 'ended'] : [];

function StatusDialog({
  organisationId,
  programme,
  to,
  onClose,
}: {
  organisationId: string;
  programme: ProgrammeSummary;
  to: ProgrammeStatus;
  onClose: () => void;
}) {
  const change = changes[to];
  const mutation = useSetProgrammeStatus(organisationId, programme.id, to);
  return (
    <ReasonDialog
      id="programme-status-reason"
      title={`${change.button} “${programme.name}”?`}
      description={change.description}
      label="Reason (kept in the team's actions)"
      submitLabel={change.submit}
      done={change.done}
      destructive={change.destructive}
      mutation={mutation}
      open
      onOpenChange={(open) => !open && onClose()}
    />
  );
}

/** The organisation's access programmes on its console page, each with the team's pause, reopen or end. */
export function OrganisationProgrammes({ organisationId }: { organisationId: string }) {
  const query = useOrganisationProgrammes(organisationId);
  const [changing, setChanging] = useState<{ programme: ProgrammeSummary; to: ProgrammeStatus } | null>(null);
  return (
    <>
      <QueryCard title="Access programmes" failure="The programmes could not be loaded." query={query}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No programme yet.</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100 text-sm wrap-anywhere">
              {data.items.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    <span className="font-medium text-slate-900">{p.name}</span>{' '}
                    <span className="text-slate-700">
                      {p.status} · code {p.code} · {p.startsOn} to {p.endsOn} (UTC) · {p.members} {p.members === 1 ? 'member' : 'members'} ·{' '}
                      {formatMoney(p.creditUsedCents)} used
                    </span>
                  </span>
                  <span className="flex gap-2">
                    {nextStatuses(p.status).map((to) => (
                      <Button
                        key={to}
                        variant="outline"
                        size="sm"
                        aria-label={`${changes[to].button} ${p.name}`}
                        onClick={() => setChanging({ programme: p, to })}
                      >
                        {changes[to].button}
                      </Button>
                    ))}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </QueryCard>
      {changing ? (
        <StatusDialog key={changing.programme.id + changing.to} organisationId={organisationId} {...changing} onClose={() => setChanging(null)} />
      ) : null}
    </>
  );
}
