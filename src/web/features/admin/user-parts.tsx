/** Words and badges for accounts in the console (docs/product.md "Team console", "People"). */
import type { UserState } from '@shared/schemas/admin-users';
import { Badge } from '../../components/ui/badge';

const roleNames: Record<string, string> = { client: 'Client', expert: 'Expert', admin: 'Team member' };

/** An account's role as the console says it; 'No role yet' before the profile is complete. */
export const roleWords = (role: string | null) => (role ? (roleNames[role] ?? role) : 'No role yet');

/** Active (no badge), Suspended or Deleted. */
export function StateBadge({ state }: { state: UserState }) {
  if (state === 'active') return null;
  return <Badge tone={state === 'suspended' ? 'red' : 'neutral'}>{state === 'suspended' ? 'Suspended' : 'Deleted'}</Badge>;
}
