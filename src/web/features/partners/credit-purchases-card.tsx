import { FileText } from 'lucide-react';
import { creditPurchaseStatusNames, pendingPurchaseHours } from '@shared/partners';
import { formatMoney } from '@shared/pricing';
import type { CreditPurchaseList } from '@shared/schemas/partners';
import { DataTable } from '../../components/data-table';
import { Pager, usePage } from '../../components/pager';
import { QueryCard } from '../../components/query-card';
import { formatDateTime } from '../../lib/format';
import { creditReceiptPdfUrl, useCreditPurchases } from './api/get-credit-purchases';

type Purchase = CreditPurchaseList['items'][number];

/**
 * The organisation's purchases of credit, newest first, 20 a page (the page in the address, `?purchases=`), each paid
 * one with its receipt to download again as a PDF (docs/product.md "Partners"), on /partner/{id}; a purchase whose bank
 * step was abandoned reads as expired.
 */
export function CreditPurchasesCard({ organisationId }: { organisationId: string }) {
  const [page] = usePage('purchases');
  return (
    <QueryCard title="Purchases and receipts" failure="The purchases could not be loaded." query={useCreditPurchases(organisationId, page)}>
      {(data) => (
        <>
          <DataTable<Purchase>
            className="mt-3"
            caption="Purchases of credit, newest first"
            stackOnPhone
            rows={data.items}
            rowKey={(p) => p.purchaseId}
            empty="No credit bought yet."
            columns={[
              { header: 'Bought', cell: (p) => formatDateTime(p.createdAt), rowHeader: true },
              { header: 'Amount', cell: (p) => formatMoney(p.amountCents), numeric: true },
              { header: 'Paid with', cell: (p) => p.paidWith },
              {
                header: 'Status',
                cell: (p) => (
                  <>
                    {creditPurchaseStatusNames[p.status]}
                    {p.status === 'expired' ? (
                      <span className="block text-xs text-slate-600">The bank’s confirmation was not finished within {pendingPurchaseHours} hours.</span>
                    ) : null}
                  </>
                ),
                cellClassName: (p) => (p.status === 'paid' ? 'text-slate-800' : 'text-amber-800'),
              },
              {
                header: 'Receipt',
                cell: (p) =>
                  p.receiptNumber ? (
                    <a
                      href={creditReceiptPdfUrl(organisationId, p.purchaseId)}
                      download
                      className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline-offset-2 hover:underline"
                    >
                      <FileText className="h-4 w-4 shrink-0" aria-hidden />
                      <span>
                        Receipt {p.receiptNumber} <span className="sr-only">(PDF)</span>
                      </span>
                    </a>
                  ) : (
                    <span className="text-slate-500">None</span>
                  ),
              },
            ]}
          />
          <Pager page={data.page} pageSize={data.pageSize} total={data.total} param="purchases" label="Purchases pages" />
        </>
      )}
    </QueryCard>
  );
}
