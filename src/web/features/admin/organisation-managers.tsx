import { UserMinus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { OrganisationDetail } from '@shared/schemas/partners';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { formatDateTime } from '../../lib/format';
import { useRemoveOrganisationManager } from './api/remove-organisation-manager';
import { ReasonDialog } from './reason-dialog';

type Manager = OrganisationDetail['managers'][number];

function RemoveManagerDialog({ organisation, manager, onClose }: { organisation: OrganisationDetail; manager: Manager; onClose: () => void }) {
  const remove = useRemoveOrganisationManager(organisation.id, manager.userId);
  return (
    <ReasonDialog
      id="remove-manager-reason"
      title={`Remove ${manager.name} as a manager?`}
      description={`They no longer see ${organisation.name} at /partner; nobody is e-mailed. Its credit, programmes and bookings stay as they are. The last manager may go too: the organisation then waits for the next invitation accepted.`}
      label="Reason (kept in the team's actions)"
      submitLabel="Remove Manager"
      done={`${manager.name} no longer manages ${organisation.name}`}
      destructive
      mutation={remove}
      open
      onOpenChange={(open) => !open && onClose()}
    />
  );
}

/**
 * The organisation's managers and open invitations on its console page (docs/product.md "Partners"), each manager
 * linked to their person page, with the team's removal.
 */
export function OrganisationManagers({ organisation: o }: { organisation: OrganisationDetail }) {
  const [removing, setRemoving] = useState<Manager | null>(null);
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Managers</h2>
      <ul className="mt-3 divide-y divide-slate-100 text-sm wrap-anywhere">
        {o.managers.map((m) => (
          <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <Link to={`/admin/users/${m.userId}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                {m.name}
              </Link>{' '}
              <span className="text-slate-600">{m.email}</span>
            </span>
            <Button variant="outline" size="sm" onClick={() => setRemoving(m)}>
              <UserMinus className="h-4 w-4" aria-hidden />
              Remove {m.name}
            </Button>
          </li>
        ))}
        {o.invitations.map((i) => (
          <li key={i.id} className="py-2 text-slate-700">
            {i.email} — invited {formatDateTime(i.createdAt)}, link valid until {formatDateTime(i.expiresAt)}
          </li>
        ))}
        {o.managers.length + o.invitations.length === 0 ? <li className="py-2 text-slate-600">No managers yet.</li> : null}
      </ul>
      {removing ? <RemoveManagerDialog key={removing.userId} organisation={o} manager={removing} onClose={() => setRemoving(null)} /> : null}
    </Card>
  );
}
