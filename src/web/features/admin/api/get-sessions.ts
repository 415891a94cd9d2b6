/** GET /api/admin/sessions: one page of sessions, found by id, party or date (docs/product.md "Team console", "Sessions and money"). */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminSessionPage } from '@shared/schemas/admin-sessions';
import { adminListQuery } from './admin-cache';

type SessionPage = z.infer<typeof adminSessionPage>;

/** `q` a session id or a part of a party's name or e-mail, `from` / `to` UTC dates (YYYY-MM-DD); '' for any. */
export const useSessions = (filters: { q: string; from: string; to: string }, page: number) =>
  useQuery(adminListQuery<SessionPage>('sessions', { ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)), page }));
