import { CheckCircle2, Download, ExternalLink, Eye, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '../../lib/toast';
import { canReview } from '@shared/admin';
import { applicationStatusInfo } from '@shared/application-status';
import { messages } from '@shared/messages';
import type { ApplicationDetail } from '@shared/schemas/admin';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { formatDateTime } from '../../lib/format';
import { useApplication } from './api/get-application';
import { useReviewApplication, type ReviewAction } from './api/review-application';
import { Facts, RecordFrame } from './console-parts';
import { RejectDialog } from './reject-dialog';

function Actions({ application: a }: { application: ApplicationDetail }) {
  const review = useReviewApplication(a.id);
  const [rejecting, setRejecting] = useState(false);
  const run = (action: ReviewAction, done: string) =>
    review.mutate(action, { onSuccess: () => toast.success(done), onError: (err) => toast.error(err.message) });
  if (a.status === 'approved' || a.status === 'rejected') return null;
  return (
    <section aria-labelledby="decision-title" className="rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:p-6">
      <h2 id="decision-title" className="text-lg font-semibold text-slate-900">
        Decision
      </h2>
      <p className="mt-1 text-sm text-slate-800">
        Approving creates the expert's profile from this application, not yet public: the expert sets a rate, time zone and weekly hours, and a photo, then
        publishes it. The applicant is e-mailed either way.
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {canReview('under_review', a.status) ? (
          <Button variant="outline" disabled={review.isPending} onClick={() => run({ action: 'under-review' }, messages.admin.markedUnderReview)}>
            <Eye className="h-4 w-4" aria-hidden />
            Mark Under Review
          </Button>
        ) : null}
        <Button disabled={review.isPending} onClick={() => run({ action: 'approve' }, messages.admin.approved)}>
          <CheckCircle2 className="h-4 w-4" aria-hidden />
          Approve
        </Button>
        <Button variant="destructive" disabled={review.isPending} onClick={() => setRejecting(true)}>
          <XCircle className="h-4 w-4" aria-hidden />
          Reject
        </Button>
      </div>
      <RejectDialog applicationId={a.id} applicantName={a.applicant.name} open={rejecting} onOpenChange={setRejecting} />
    </section>
  );
}

function Outcome({ application: a }: { application: ApplicationDetail }) {
  if (a.status === 'approved')
    return (
      <p className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
        Approved {a.reviewedAt ? formatDateTime(a.reviewedAt) : ''}.{' '}
        {a.expert?.published ? (
          <Link to={`/expert/${a.expert.slug}`} className="font-semibold underline underline-offset-2">
            View the published profile
          </Link>
        ) : a.expert ? (
          'The expert is setting up their profile; it becomes public when they publish it.'
        ) : null}
      </p>
    );
  if (a.status === 'rejected')
    return (
      <p className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        Rejected {a.reviewedAt ? formatDateTime(a.reviewedAt) : ''}. Reason: {a.statusNote}
      </p>
    );
  return null;
}

function Detail({ application: a }: { application: ApplicationDetail }) {
  const badge = applicationStatusInfo(a.status);
  const ref = [a.reference.name, a.reference.position, a.reference.email].filter(Boolean).join(' · ');
  return (
    <div className="space-y-6">
      <Card className="p-5 sm:p-8">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-xl font-bold text-slate-900 sm:text-2xl">{a.applicant.name}</h2>
            <p className="mt-0.5 text-slate-700">{a.professionalTitle}</p>
          </div>
          <Badge tone={badge.tone} className="text-sm">
            {badge.label}
          </Badge>
        </div>
        <Facts
          className="mt-6 border-t border-slate-100 pt-6"
          items={[
            {
              label: 'E-mail',
              value: (
                <a href={`mailto:${a.applicant.email}`} className="text-brand-700 underline-offset-2 hover:underline">
                  {a.applicant.email}
                </a>
              ),
            },
            { label: 'Applied', value: formatDateTime(a.createdAt) },
            { label: 'Years of experience', value: a.yearsExperience },
            { label: 'Areas of expertise', value: a.selectedExpertise.join(', ') },
            {
              label: 'LinkedIn',
              value:
                a.linkedinProfile && /^https?:\/\//i.test(a.linkedinProfile) ? (
                  <a
                    href={a.linkedinProfile}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className="inline-flex items-center gap-1 text-brand-700 underline-offset-2 hover:underline"
                  >
                    {a.linkedinProfile} <ExternalLink className="h-3.5 w-3.5" aria-hidden />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                ) : (
                  (a.linkedinProfile ?? 'Not provided')
                ),
            },
            {
              label: 'CV',
              value: a.cv?.url ? (
                <a href={a.cv.url} download className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline">
                  <Download className="h-4 w-4" aria-hidden /> Download CV ({a.cv.name})
                </a>
              ) : (
                (a.cv?.name ?? 'Not provided')
              ),
            },
            { label: 'Reference', value: ref || 'Not provided' },
          ]}
        />
        <div className="mt-6 border-t border-slate-100 pt-6">
          <h3 className="text-sm font-medium text-slate-600">Why they want to be an expert</h3>
          <p className="mt-1 whitespace-pre-line text-sm leading-relaxed text-slate-900">{a.whyExpert}</p>
        </div>
      </Card>
      <Outcome application={a} />
      <Actions application={a} />
    </div>
  );
}

/** /admin/applications/{id} (docs/product.md "Expert applications"): one application, its CV, and the team's decision. */
export default function ApplicationDetailPage() {
  const { id = '' } = useParams();
  const query = useApplication(id);
  return (
    <RecordFrame backTo="/admin/applications" backLabel="All applications" query={query}>
      {query.data ? <Detail application={query.data} /> : null}
    </RecordFrame>
  );
}
