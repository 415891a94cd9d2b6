/**
 * /expert/application (docs/product.md "Expert applications"): the 5-step wizard for expert-role accounts. Visitors get the
 * toast 'Please sign in to submit an expert application' and go to /signup; other roles are told to create
 * an expert account or contact support; an expert whose application is still open sees its status.
 */
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { toast } from '../../lib/toast';
import { isOpenApplication } from '@shared/application-status';
import { messages } from '@shared/messages';
import { isProfileComplete } from '@shared/roles';
import { Card } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import { signInPath } from '../../lib/return-path';
import { useMyApplication } from './api/get-my-application';
import { AccountRequired } from './components/account-required';
import { PendingPanel } from './components/pending-panel';
import { SubmittedScreen } from './components/submitted-screen';
import { ApplicationWizard } from './wizard/application-wizard';

export default function ApplicationPage() {
  const { me, loading } = useAuth();
  const isExpert = me?.role === 'expert';
  const mine = useMyApplication(isExpert);
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (!loading && !me) toast.error(messages.application.signInToApply, { id: 'apply-sign-in' });
  }, [loading, me]);

  if (loading) return <PageSpinner />;
  if (!me || !isProfileComplete(me)) return <Navigate to={signInPath('/expert/application')} replace />;

  let body;
  if (!isExpert) body = <AccountRequired />;
  else if (submitted)
    body = (
      <Card className="mx-auto max-w-2xl p-6 sm:p-8">
        <SubmittedScreen />
      </Card>
    );
  else if (mine.isPending) body = <PageSpinner />;
  else if (mine.data && isOpenApplication(mine.data.status)) body = <PendingPanel application={mine.data} />;
  else
    body = (
      <>
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Become an expert</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Apply to mentor on Mentora</h1>
          <p className="mt-3 text-slate-700">Five short steps. Our team reviews every application and replies within 72 hours.</p>
        </div>
        <Card className="mx-auto mt-8 max-w-2xl p-5 sm:p-8">
          <ApplicationWizard userId={me.id} onSubmitted={() => setSubmitted(true)} />
        </Card>
      </>
    );
  return <div className="bg-slate-50 px-4 py-10 sm:py-14">{body}</div>;
}
