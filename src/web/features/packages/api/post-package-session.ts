/**
 * POST /api/package-purchases/{id}/sessions: books a session from a package with no card step (docs/product.md "Plans
 * and packages"). A fresh Idempotency-Key per attempt; every session list and the client's packages are read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionView } from '@shared/schemas/sessions';
import { api } from '../../../lib/api';
import { viewerTimeZone } from '../../../lib/viewer-zone';
import { sessionsChanged } from '../../../lib/session-queries';

export function useBookPackageSession(purchaseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { startsAt: string; topic: string }): Promise<{ session: SessionView }> =>
      api(`/api/package-purchases/${encodeURIComponent(purchaseId)}/sessions`, {
        method: 'POST',
        body: { ...body, timeZone: viewerTimeZone() },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      }),
    onSettled: () => {
      sessionsChanged(client);
      return client.invalidateQueries({ queryKey: ['packages', 'purchases'] });
    },
  });
}
