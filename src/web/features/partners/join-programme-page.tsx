import { memberPrivacyNotice } from '@shared/programmes';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Membership } from '@shared/schemas/programmes';
import { PageHeader } from '../../components/page-header';
import { RequireAuth } from '../../components/require-auth';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/input';
import { useAuth } from '../../lib/auth';
import { useJoinProgramme } from '../../lib/programmes';

function Join({ token }: { token: string }) {
  const { me } = useAuth();
  const join = useJoinProgramme();
  const [error, setError] = useState<string | null>(null);
  const [joined, setJoined] = useState<Membership[] | null>(null);
  if (joined)
    return (
      <div role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6">
        <p className="font-semibold text-slate-900">You joined the programme.</p>
        <ul className="mt-2 text-slate-800">
          {joined.map((m) => (
            <li key={m.programmeId}>{m.line}</li>
          ))}
        </ul>
        <Button asChild className="mt-4">
          <Link to="/results">Find an expert</Link>
        </Button>
      </div>
    );
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <p className="text-slate-800">
        You are signed in as <strong>{me?.email}</strong>. Join to have sessions paid from your organisation’s credit.
      </p>
      <p className="mt-2 text-sm text-slate-700">{memberPrivacyNotice('Your organisation')}</p>
      <FormError className="mt-3">{error ?? ''}</FormError>
      <Button
        className="mt-4"
        disabled={join.isPending}
        onClick={() => join.mutate({ token }, { onSuccess: (r) => setJoined(r.items), onError: (err) => setError(err.message) })}
      >
        Join the programme
      </Button>
    </div>
  );
}

/** /programmes/join/:token (docs/product.md "Access programmes"): an invited member, signed in with the invited address, joins. */
export default function JoinProgrammePage() {
  const { token = '' } = useParams();
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <PageHeader
        title="Mentoring funded by your organisation"
        lead="Your university or employer invited you to book sessions with Mentora's experts on its credit."
      />
      <div className="mt-6">
        <RequireAuth>
          <Join token={token} />
        </RequireAuth>
      </div>
    </div>
  );
}
