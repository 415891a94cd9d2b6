/**
 * An account's monthly plans and session packages in the console (docs/product.md "Plans and packages", "Team
 * console"): GET /api/admin/users/{id}/subscriptions and /package-purchases (bought or sold), ending a plan with its
 * month's unused sessions refunded (POST /api/admin/subscriptions/{id}/refund) and refunding a package's unused
 * sessions (POST /api/admin/package-purchases/{id}/refund). Each refund carries its dialog's Idempotency-Key, so a
 * retried request answers the first result; it refreshes every admin read.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReasonInput } from '@shared/schemas/admin-users';
import type { PurchaseView } from '@shared/schemas/packages';
import type { SubscriptionView } from '@shared/schemas/plans';
import { api } from '../../../lib/api';
import { adminKey, useAdminAction } from './admin-cache';

export const useUserSubscriptions = (userId: string) =>
  useQuery({
    queryKey: [...adminKey, 'user', userId, 'subscriptions'],
    queryFn: async () => (await api<{ subscriptions: SubscriptionView[] }>(`/api/admin/users/${encodeURIComponent(userId)}/subscriptions`)).subscriptions,
  });

export const useUserPackages = (userId: string) =>
  useQuery({
    queryKey: [...adminKey, 'user', userId, 'package-purchases'],
    queryFn: async () => (await api<{ purchases: PurchaseView[] }>(`/api/admin/users/${encodeURIComponent(userId)}/package-purchases`)).purchases,
  });

/** Throws ApiError (400 no reason, 404, 409 already ended, 422 the key reused for another request). */
export const useEndSubscription = (id: string, key: string) =>
  useAdminAction((body: ReasonInput) =>
    api<SubscriptionView>(`/api/admin/subscriptions/${encodeURIComponent(id)}/refund`, { method: 'POST', body, headers: { 'Idempotency-Key': key } }),
  );

/** Throws ApiError (400 no reason, 404, 409 nothing unused, 422 the key reused for another request). */
export const useRefundPackage = (id: string, key: string) =>
  useAdminAction((body: ReasonInput) =>
    api<PurchaseView>(`/api/admin/package-purchases/${encodeURIComponent(id)}/refund`, { method: 'POST', body, headers: { 'Idempotency-Key': key } }),
  );
