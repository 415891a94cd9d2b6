/** GET /api/admin/inbox: one page of contact, partner or match enquiries, handled or not (docs/product.md "Team console"). */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { InboxKind } from '@shared/admin';
import type { inboxPage } from '@shared/schemas/admin';
import { adminListQuery } from './admin-cache';

type InboxPage = z.infer<typeof inboxPage>;

export const useInbox = (kind: InboxKind, handled: string, page: number) => useQuery(adminListQuery<InboxPage>('inbox', { kind, handled, page }));
