import { useState, type FormEvent } from 'react';
import { messages } from '@shared/messages';
import { roles, type Role } from '@shared/roles';
import type { UserDetail } from '@shared/schemas/admin-users';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { FormError, Input, Label, Select } from '../../components/ui/input';
import { useDialogAction } from '../../lib/use-dialog-action';
import { useChangeRole } from './api/change-role';
import { roleWords } from './user-parts';

/**
 * Change an account's role (docs/product.md "Team console", "People"; docs/security.md "Role changes"): the new role and
 * the acting team member's current authenticator code, checked by the server.
 */
export function RoleDialog({ user, open, onOpenChange }: { user: UserDetail; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [role, setRole] = useState<Role>(user.role ?? 'client');
  const [code, setCode] = useState('');
  const { error, setError, run, pending } = useDialogAction(useChangeRole(user.id), () => onOpenChange(false));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError(messages.admin.codeRequired);
    run({ role, code: code.trim() }, messages.admin.roleChanged, () => setCode(''));
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Change ${user.name}'s role`}
      description="A role change is recorded in the audit log. A new team member must set up two-factor sign-in before the console opens for them."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <Label htmlFor="new-role">New role</Label>
          <Select id="new-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {roleWords(r)}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="role-code">Your authenticator code</Label>
          <Input
            id="role-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={Boolean(error)}
          />
        </div>
        <FormError>{error}</FormError>
        <DialogButtons onCancel={() => onOpenChange(false)} submitLabel="Change Role" pending={pending} />
      </form>
    </Dialog>
  );
}
