/**
 * /account: account settings of any signed-in user (client, expert or admin), reached from the header's
 * account menu. Shows who is signed in, name, phone and photo, two-factor sign-in (required for the team console, which sends team
 * members here until it is on), the time zone of the account's e-mails and invites (docs/product.md "E-mail"), the
 * calendar feed address (docs/product.md "Calendar feed"), the change-password form (docs/security.md), and the data
 * export and account deletion (docs/product.md "Account"); a client's funded mentoring and its access code form
 * (docs/product.md "Access programmes"). Anonymous visitors go to /signup.
 */
import { Link } from 'react-router';
import { dashboardPath, displayName } from '@shared/roles';
import { MyProgrammes } from '../../components/programmes/my-programmes';
import { RequireAuth } from '../../components/require-auth';
import { Card } from '../../components/ui/card';
import { useAuth } from '../../lib/auth';
import { AccountDataSettings } from './account-data-settings';
import { AccountDetailsForm } from './account-details-form';
import { AccountPhotoSettings } from './account-photo-settings';
import { CalendarFeedSettings } from './calendar-feed-settings';
import { PasswordSettings } from './password-settings';
import { MessageEmailSettings } from './message-email-settings';
import { TimeZoneSettings } from './time-zone-settings';
import { TwoFactorSettings } from './two-factor-settings';

function AccountSettings() {
  const { me } = useAuth();
  if (!me) return null;
  const dashboard = me.firstName && me.role ? dashboardPath(me.role) : '/signup';
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-2xl px-4 py-8 sm:py-10">
        <p className="text-sm font-medium text-brand-700">
          <Link to={dashboard} className="hover:underline">
            ← Back to dashboard
          </Link>
        </p>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Account settings</h1>
        <p className="mt-2 text-slate-700">
          Signed in as <span className="font-medium text-slate-900">{me.fullName || displayName(me)}</span> ({me.email})
        </p>
        <Card className="mt-8 p-6 sm:p-8">
          <AccountDetailsForm me={me} />
        </Card>
        <Card className="mt-6 p-6 sm:p-8">
          <AccountPhotoSettings me={me} />
        </Card>
        {me.role === 'client' ? (
          <Card className="mt-6 p-6 sm:p-8">
            <MyProgrammes withJoin />
          </Card>
        ) : null}
        <Card className="mt-6 p-6 sm:p-8">
          <TwoFactorSettings />
        </Card>
        <Card className="mt-6 p-6 sm:p-8">
          <TimeZoneSettings me={me} />
        </Card>
        <Card className="mt-6 p-6 sm:p-8">
          <CalendarFeedSettings />
        </Card>
        <Card className="mt-6 p-6 sm:p-8">
          <MessageEmailSettings />
        </Card>
        <Card className="mt-6 p-6 sm:p-8">
          <PasswordSettings />
        </Card>
        <Card className="mt-6 p-6 sm:p-8">
          <AccountDataSettings />
        </Card>
      </div>
    </div>
  );
}

export default function AccountPage() {
  return (
    <RequireAuth>
      <AccountSettings />
    </RequireAuth>
  );
}
