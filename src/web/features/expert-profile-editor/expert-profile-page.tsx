import { ExternalLink, Star } from 'lucide-react';
import { Link } from 'react-router';
import type { MyExpertProfile } from '@shared/schemas/expert-profile';
import { ExpertSettingsShell } from '../../components/expert-settings-shell';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { ProfileForm } from './profile-form';
import { useMyExpertProfile } from './api/get-my-expert-profile';

/**
 * Link to the public profile (once published; a draft is not public: docs/product.md "Expert onboarding and
 * publishing"), and the read-only rating and review count (they come from client feedback).
 */
function ProfileFacts({ profile }: { profile: MyExpertProfile }) {
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="inline-flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-white px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200">
        <Star className="h-4 w-4 fill-amber-400 text-amber-400" aria-hidden />
        <span className="font-medium text-slate-900">
          {profile.ratingAvg === null
            ? 'No reviews yet.'
            : `${profile.ratingAvg.toFixed(1)} from ${profile.reviewCount} ${profile.reviewCount === 1 ? 'review' : 'reviews'}.`}
        </span>
        <span className="text-slate-600">Ratings come from client feedback and cannot be edited.</span>
      </p>
      {profile.status === 'published' ? (
        <Link
          to={`/expert/${encodeURIComponent(profile.slug)}`}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
        >
          View public profile
          <ExternalLink className="h-4 w-4" aria-hidden />
        </Link>
      ) : (
        <p className="text-sm text-slate-700">Not public yet: publish it from your dashboard.</p>
      )}
    </div>
  );
}

/** An expert account whose application is not approved yet has no public profile to edit (403). */
function NoProfileYet() {
  return (
    <div className="my-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">No public profile yet</h2>
      <p className="mt-1 text-slate-700">Your public profile is created when our team approves your expert application. You can edit it here afterwards.</p>
      <Button asChild className="mt-4">
        <Link to="/expert/application-landing">Go to your application</Link>
      </Button>
    </div>
  );
}

function Editor() {
  const query = useMyExpertProfile();
  if (query.error instanceof ApiError && query.error.status === 403) return <NoProfileYet />;
  if (query.isError)
    return <FormError className="my-8">{query.error instanceof ApiError ? query.error.message : 'Your profile could not be loaded.'}</FormError>;
  if (!query.data) return <PageSpinner />;
  return (
    <>
      <ProfileFacts profile={query.data} />
      <ProfileForm key={query.dataUpdatedAt} profile={query.data} />
    </>
  );
}

/**
 * /dashboard/expert/profile (docs/product.md "Expert profiles"; replaces 'Edit Profile (Coming Soon)'): the signed-in expert's
 * public profile editor (GET/PUT /api/me/expert-profile). After saving, /expert/{slug}, /results and the
 * landing carousel show the change.
 */
export default function ExpertProfileEditorPage() {
  return (
    <ExpertSettingsShell title="Edit Profile" lead="This is what clients see on your public profile.">
      <Editor />
    </ExpertSettingsShell>
  );
}
