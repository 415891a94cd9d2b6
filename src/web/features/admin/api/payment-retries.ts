/**
 * The payment retries in the team console (docs/product.md "Team console"): GET /api/admin/payment-retries, and its two
 * actions, asking the processor again and marking one done by hand. Each action refreshes every admin read.
 */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PaymentRetry, paymentRetryOutcome, paymentRetryPage } from '@shared/schemas/admin-payment-retries';
import type { ReasonInput } from '@shared/schemas/admin-users';
import { api } from '../../../lib/api';
import { adminListQuery, useAdminAction } from './admin-cache';

type PaymentRetryPage = z.infer<typeof paymentRetryPage>;
type Outcome = z.infer<typeof paymentRetryOutcome>;

export const usePaymentRetries = (status: string, page: number) => useQuery(adminListQuery<PaymentRetryPage>('payment-retries', { status, page }));

const path = (id: string, action: 'retry' | 'resolve') => `/api/admin/payment-retries/${encodeURIComponent(id)}/${action}`;

/** Asks the processor again; `{ retry, done }`. Throws ApiError (409 already done). */
export const useRetryPayment = () => useAdminAction((id: string) => api<Outcome>(path(id, 'retry'), { method: 'POST' }));

/** Marks `id` done by hand, with how (`reason`). Throws ApiError (400 no reason, 409 already done). */
export const useResolvePayment = (id: string) => useAdminAction((body: ReasonInput) => api<PaymentRetry>(path(id, 'resolve'), { method: 'POST', body }));
