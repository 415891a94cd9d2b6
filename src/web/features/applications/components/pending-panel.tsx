import { Hourglass } from 'lucide-react';
import { Link } from 'react-router';
import { isOpenApplication } from '@shared/application-status';
import { messages } from '@shared/messages';
import type { ApplicationView } from '@shared/schemas/applications';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ApplicationSummary } from './application-summary';

const titles: Record<string, string> = { approved: 'Your Application Was Approved', rejected: 'Your Application Was Not Approved' };

/**
 * An expert's existing application ('Expert Application Pending' with status and submit
 * date). Decided applications get their own title; a rejected applicant may apply again.
 */
export function PendingPanel({ application }: { application: ApplicationView }) {
  const open = isOpenApplication(application.status);
  return (
    <Card className="mx-auto max-w-xl p-6 sm:p-10">
      <div className="text-center">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Hourglass className="h-7 w-7" aria-hidden />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">{titles[application.status] ?? messages.application.pendingTitle}</h1>
        {open ? <p className="mt-2 text-slate-700">Thank you for applying. Here is where your application stands.</p> : null}
      </div>
      <div className="mt-6">
        <ApplicationSummary application={application} />
      </div>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild>
          <Link to="/dashboard/expert">Go to Expert Dashboard</Link>
        </Button>
        {application.status === 'rejected' ? (
          <Button asChild variant="outline">
            <Link to="/expert/application">Apply again</Link>
          </Button>
        ) : (
          <Button asChild variant="outline">
            <Link to="/contact">Contact us</Link>
          </Button>
        )}
      </div>
    </Card>
  );
}
