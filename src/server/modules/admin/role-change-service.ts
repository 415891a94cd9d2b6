/** The team changes an account's role (docs/product.md "Team console", "People"; docs/security.md "Role changes"). */
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages.js';
import type { Role } from '../../../shared/roles.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { user } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { recordAudit } from './audit-service.js';
import { findUser } from './user-directory-service.js';
import { clock } from '../../clock.js';

/**
 * Gives account `id` the role `role` (client, expert or admin — a new team member must enrol two-factor sign-in before
 * the console opens for them), audited with the old and new role. The caller has checked the acting admin's second
 * factor. 404 unknown or deleted account; 409 the admin's own account ('You cannot change your own role') or the
 * same role.
 */
export async function changeRole(db: Db, admin: CurrentUser, id: string, role: Role, now = clock.now()): Promise<void> {
  await db.transaction(async (tx) => {
    const { u } = await findUser(tx, id, true);
    if (u.deletedAt) throw new AppError('NOT_FOUND', messages.admin.userNotFound);
    if (u.id === admin.id) throw new AppError('CONFLICT', messages.admin.roleSelf);
    if (u.role === role) throw new AppError('CONFLICT', messages.admin.roleUnchanged);
    await tx.update(user).set({ role, updatedAt: now }).where(eq(user.id, u.id));
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'user.role',
      targetType: 'user',
      targetId: u.id,
      detail: { from: u.role, to: role, secondFactor: 'totp' },
    });
  });
}
