import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { RequireAuth } from '../../components/require-auth';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/input';
import { useAuth } from '../../lib/auth';
import { useAcceptInvitation } from './api/accept-invitation';

function Accept({ token }: { token: string }) {
  const { me } = useAuth();
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <p className="text-slate-800">
        You are signed in as <strong>{me?.email}</strong>. Accept to manage the organisation's credit and its managers on Mentora.
      </p>
      <FormError className="mt-3">{error ?? ''}</FormError>
      <Button
        className="mt-4"
        disabled={accept.isPending}
        onClick={() =>
          accept.mutate(token, {
            onSuccess: (r) => void navigate(`/partner/${r.organisationId}`),
            onError: (err) => setError(err.message),
          })
        }
      >
        Accept the invitation
      </Button>
    </div>
  );
}

/** /partner/invitations/:token (docs/product.md "Partners"): the invited person, signed in with the invited address, accepts. */
export default function InvitationPage() {
  const { token = '' } = useParams();
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <PageHeader title="Manage an organisation on Mentora" lead="You were invited to manage an organisation's mentoring programme." />
      <div className="mt-6">
        <RequireAuth>
          <Accept token={token} />
        </RequireAuth>
      </div>
    </div>
  );
}
