import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { formatDateTime } from '../../lib/format';
import { useParam, usePage } from '../../components/pager';
import { useUsers } from './api/get-users';
import { FilterLinks, QueueLink, QueueSection } from './console-parts';
import { roleWords, StateBadge } from './user-parts';

const roleFilters = [
  { value: 'any', label: 'Any role' },
  { value: 'client', label: 'Clients' },
  { value: 'expert', label: 'Experts' },
  { value: 'admin', label: 'Team' },
  { value: 'none', label: 'No role yet' },
] as const;

const stateFilters = [
  { value: 'any', label: 'Any state' },
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'deleted', label: 'Deleted' },
] as const;

/** The search box: a part of a name or e-mail, kept in the address (`?q=`). */
function UserSearch() {
  const [q, hrefFor] = useParam('q', '');
  const [text, setText] = useState(q);
  const navigate = useNavigate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate(hrefFor(text.trim()));
  };
  return (
    <form role="search" onSubmit={submit} className="flex w-full gap-2 sm:w-auto">
      <label htmlFor="user-search" className="sr-only">
        Name or e-mail
      </label>
      <Input
        id="user-search"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Name or e-mail"
        maxLength={200}
        className="sm:w-72"
      />
      <Button type="submit" variant="outline">
        <Search className="h-4 w-4" aria-hidden />
        Search
      </Button>
    </form>
  );
}

/** /admin/users (docs/product.md "Team console", "People"): every account, newest first, searched by name or e-mail and filtered by role and state. */
export default function UsersPage() {
  const [q] = useParam('q', '');
  const [role] = useParam('role', 'any');
  const [state] = useParam('state', 'any');
  const [page] = usePage();
  const query = useUsers({ q, role: role === 'any' ? '' : role, state: state === 'any' ? '' : state }, page);
  return (
    <div className="space-y-4">
      <UserSearch />
      <QueueSection
        id="users-title"
        title="Users"
        filters={
          <div className="flex flex-col gap-2">
            <FilterLinks label="Role" name="role" options={roleFilters} fallback="any" />
            <FilterLinks label="State" name="state" options={stateFilters} fallback="any" />
          </div>
        }
        query={query}
        data={query.data}
        row={(u) => (
          <QueueLink key={u.id} to={`/admin/users/${u.id}`} label={`Open ${u.name}'s page`}>
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-slate-900">{u.name}</span>
              <Badge tone="brand">{roleWords(u.role)}</Badge>
              <StateBadge state={u.state} />
            </div>
            <p className="mt-1 break-all text-sm text-slate-700">{u.email}</p>
            <p className="mt-1 text-xs text-slate-500">Joined {formatDateTime(u.createdAt)}</p>
          </QueueLink>
        )}
      />
    </div>
  );
}
