import { BadgeCheck, Banknote, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { messages } from '@shared/messages';
import type { PayoutsView } from '@shared/schemas/payouts';
import { ExpertSettingsShell } from '../../components/expert-settings-shell';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { usePayouts } from './api/get-payouts';
import { useStartOnboarding } from './api/start-onboarding';
import { EarningsLedger } from './earnings-ledger';

function Panel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="payout-status" className="my-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-start gap-3">
        <span className="mt-0.5 text-brand-700">{icon}</span>
        <div className="min-w-0 flex-1">
          <h2 id="payout-status" className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {children}
        </div>
      </div>
    </section>
  );
}

/** The button that opens Stripe's hosted onboarding (bank and identity details never reach Mentora). */
function OnboardingButton({ label }: { label: string }) {
  const start = useStartOnboarding();
  return (
    <>
      <Button
        className="mt-4"
        disabled={start.isPending || start.isSuccess}
        onClick={() => start.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })}
      >
        {start.isPending || start.isSuccess ? 'Opening Stripe…' : label}
      </Button>
      {start.error ? <FormError className="mt-3">{start.error instanceof ApiError ? start.error.message : messages.payouts.unavailable}</FormError> : null}
    </>
  );
}

function Status({ view, expired }: { view: PayoutsView; expired: boolean }) {
  if (view.mode === 'simulated')
    return (
      <Panel icon={<Banknote className="h-6 w-6" aria-hidden />} title="Simulated payouts">
        <p className="mt-1 text-slate-700">{messages.payouts.simulated}</p>
        <p className="mt-2 text-sm text-slate-600">{messages.payouts.simulatedSchedule}</p>
      </Panel>
    );
  if (view.status === 'active')
    return (
      <Panel icon={<BadgeCheck className="h-6 w-6" aria-hidden />} title="Payouts are on">
        <p className="mt-1 text-slate-700">
          When a client confirms a session (or 72 hours pass without a dispute), the payment is transferred to your Stripe account.
        </p>
        <p className="mt-2 text-slate-700">{messages.payouts.schedule}</p>
        <p className="mt-2 text-sm text-slate-600">
          Stripe account <span className="font-mono">{view.accountId}</span>
        </p>
        <OnboardingButton label="Update payout details" />
      </Panel>
    );
  if (view.status === 'pending')
    return (
      <Panel icon={<Clock className="h-6 w-6" aria-hidden />} title="Finish setting up payouts">
        <p className="mt-1 text-slate-700">
          {expired
            ? 'The setup link expired. Open it again to go on where you left off.'
            : 'Stripe still needs some details before it can pay you. Until then, released payments wait safely in Mentora’s balance.'}
        </p>
        <OnboardingButton label="Continue setup on Stripe" />
      </Panel>
    );
  return (
    <Panel icon={<Banknote className="h-6 w-6" aria-hidden />} title="Get paid for your sessions">
      <p className="mt-1 text-slate-700">
        Connect a Stripe account to receive the money clients pay for your sessions. Stripe asks for your bank details and identity on its own secure page; they
        never reach Mentora.
      </p>
      <OnboardingButton label="Set up payouts" />
    </Panel>
  );
}

function Payouts() {
  const query = usePayouts();
  const [params] = useSearchParams();
  if (query.isError) return <FormError className="my-8">{query.error instanceof ApiError ? query.error.message : messages.payouts.unavailable}</FormError>;
  if (!query.data) return <PageSpinner />;
  return <Status view={query.data} expired={params.get('onboarding') === 'expired'} />;
}

/**
 * /dashboard/expert/payouts (docs/product.md "Payouts", "Earnings"): where released payments go, and the earnings ledger.
 * With Stripe the expert connects an Express account through Stripe's hosted onboarding, which returns here; without
 * Stripe payouts are simulated.
 */
export default function PayoutsPage() {
  return (
    <ExpertSettingsShell title="Payouts and earnings" lead="Where the money from your confirmed sessions goes, and every payment for your sessions.">
      <Payouts />
      <EarningsLedger />
    </ExpertSettingsShell>
  );
}
