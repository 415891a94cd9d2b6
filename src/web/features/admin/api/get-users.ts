/** GET /api/admin/users: one page of accounts, searched and filtered (docs/product.md "Team console", "People"). */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { userPage } from '@shared/schemas/admin-users';
import { adminListQuery } from './admin-cache';

type UserPage = z.infer<typeof userPage>;

/** `q` a part of a name or e-mail, `role` and `state` ('' for any). */
export const useUsers = (filters: { q: string; role: string; state: string }, page: number) =>
  useQuery(adminListQuery<UserPage>('users', { ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)), page }));
