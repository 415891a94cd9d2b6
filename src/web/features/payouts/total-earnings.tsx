import { formatMoney } from '@shared/pricing';
import { ApiError } from '../../lib/api';
import { useEarnings } from './api/get-earnings';

/**
 * The expert dashboard's Total Earnings figure (docs/product.md "Earnings"): the ledger's own total, so the card and
 * the ledger always agree. A dash while loading and for an applicant without a profile yet (403: nothing to total);
 * 'Unavailable' when it cannot be read, never a misleading $0.00.
 */
export function TotalEarnings() {
  const query = useEarnings();
  if (query.error instanceof ApiError && query.error.status === 403) return '–';
  if (query.isError) return <span className="text-base font-medium text-slate-600">Unavailable</span>;
  if (!query.data) return '–';
  return formatMoney(query.data.totalEarnedCents, query.data.currency);
}
