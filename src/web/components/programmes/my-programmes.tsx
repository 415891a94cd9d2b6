import { GraduationCap } from 'lucide-react';
import { formatMoney } from '@shared/pricing';
import { useMyProgrammes } from '../../lib/programmes';
import { LoadError } from '../ui/load-error';
import { JoinCodeForm } from './join-code-form';

/**
 * The member's access programmes (docs/product.md "Access programmes"): "Sessions funded by {organisation}: 2 of 2
 * left this term" for each, and what its managers see. `withJoin` adds the access code form (/account); the dashboard
 * shows the card only to members.
 */
export function MyProgrammes({ withJoin = false }: { withJoin?: boolean }) {
  const query = useMyProgrammes();
  if (query.isError) return <LoadError what="Your programmes could not be loaded." error={query.error} onRetry={query.refetch} />;
  const items = query.data?.items ?? [];
  if (!withJoin && items.length === 0) return null;
  return (
    <section aria-labelledby="my-programmes" className={withJoin ? '' : 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm'}>
      <h2 id="my-programmes" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <GraduationCap className="h-5 w-5 text-brand-700" aria-hidden />
        Funded mentoring
      </h2>
      {items.length > 0 ? (
        <ul className="mt-3 space-y-3">
          {items.map((p) => (
            <li key={p.programmeId} className="rounded-xl bg-brand-50 px-3 py-2 text-sm text-slate-800">
              <p className="font-semibold text-slate-900">{p.line}</p>
              <p>
                {p.name}
                {p.status === 'paused' ? ' · paused' : ''}
                {p.centsLimit !== null ? ` · ${formatMoney(Math.max(0, p.centsLimit - p.centsUsed))} of ${formatMoney(p.centsLimit)} left` : ''}
                {p.maxPriceCents !== null ? ` · up to ${formatMoney(p.maxPriceCents)} a session` : ''} · until {p.endsOn}
              </p>
              <p className="mt-1 text-xs text-slate-600">{p.privacyNotice}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-700">If your university or employer gave you an access code, enter it to have your sessions funded.</p>
      )}
      {withJoin ? (
        <div className="mt-4">
          <JoinCodeForm />
        </div>
      ) : null}
    </section>
  );
}
