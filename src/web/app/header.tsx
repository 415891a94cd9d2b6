import { Menu, User, X } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink as RouterNavLink, useLocation, useNavigate } from 'react-router';
import { dashboardPath, displayName } from '@shared/roles';
import { Button } from '../components/ui/button';
import { Disclosure } from '../components/ui/disclosure';
import { Spinner } from '../components/ui/spinner';
import { ProposalsLink } from '../features/dashboard/proposal-notice';
import { MessagesLink } from '../features/messages/messages-link';
import { useMessageStream } from '../features/messages/use-message-stream';
import { useAuth } from '../lib/auth';
import { cn } from '../lib/cn';
import { isGroup, navGroups } from './nav';

const menuItem = 'block w-full cursor-pointer rounded-md px-3 py-2 text-left text-sm text-slate-800 hover:bg-brand-50 hover:text-brand-700';
const topLink = 'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900';

/** The Mentora mark and name, linking home; `belowFold` (the footer's copy) loads its image lazily. */
export function Logo({ belowFold = false }: { belowFold?: boolean }) {
  return (
    <Link to="/" className="flex items-center gap-2 font-bold text-slate-900" aria-label="Mentora home">
      <img src="/favicon.svg" alt="" width={32} height={32} loading={belowFold ? 'lazy' : undefined} decoding="async" className="h-8 w-8" />
      <span className="text-xl tracking-tight">Mentora</span>
    </Link>
  );
}

function AccountArea({ onNavigate }: { onNavigate?: () => void }) {
  const { me, loading, signOut } = useAuth();
  const navigate = useNavigate();
  if (loading) return <Spinner className="h-5 w-5" label="Checking your session" />;
  if (!me)
    return (
      <Button asChild size="sm">
        <Link to="/signup" onClick={onNavigate}>
          Sign In
        </Link>
      </Button>
    );
  return (
    <Disclosure
      align="right"
      buttonClassName="h-8 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 hover:bg-slate-50"
      label={
        <>
          <User className="h-4 w-4" aria-hidden />
          <span>{displayName(me)}</span>
          <span className="sr-only">account menu</span>
        </>
      }
    >
      {(close) => (
        <ul>
          <li>
            <button
              type="button"
              className={menuItem}
              onClick={() => {
                close();
                onNavigate?.();
                navigate(me.firstName && me.role ? dashboardPath(me.role) : '/signup');
              }}
            >
              Dashboard
            </button>
          </li>
          <li>
            <Link
              to="/account"
              className={menuItem}
              onClick={() => {
                close();
                onNavigate?.();
              }}
            >
              Account settings
            </Link>
          </li>
          <li>
            <button
              type="button"
              className={menuItem}
              onClick={() => {
                close();
                onNavigate?.();
                void signOut();
              }}
            >
              Sign Out
            </button>
          </li>
        </ul>
      )}
    </Disclosure>
  );
}

/**
 * Site header (docs/product.md "Accounts and sign-in", "Messages", "Reschedule proposals"): dropdown navigation, the
 * flag of new times proposed to the client, the Messages link with the unread count and the account menu, and a menu
 * button below 1024 px.
 */
export function Header() {
  const location = useLocation();
  const { me } = useAuth();
  // One live message stream per page while signed in: the unread count and open conversations follow it.
  useMessageStream(me?.id ?? null);
  // The menu is open on the page it was opened on: navigating elsewhere closes it, without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? location.pathname : null);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {navGroups.map((item) =>
            isGroup(item) ? (
              <Disclosure key={item.label} label={item.label} buttonClassName={topLink}>
                {(close) => (
                  <ul>
                    {item.links.map((l) => (
                      <li key={l.to}>
                        <Link to={l.to} className={menuItem} onClick={close}>
                          {l.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </Disclosure>
            ) : (
              <RouterNavLink key={item.to} to={item.to} className={({ isActive }) => cn(topLink, isActive && 'text-brand-700')}>
                {item.label}
              </RouterNavLink>
            ),
          )}
        </nav>
        <div className="ml-auto flex items-center gap-2 lg:ml-0">
          {me?.role ? <ProposalsLink /> : null}
          {me ? <MessagesLink /> : null}
          <div className="hidden lg:block">
            <AccountArea />
          </div>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-expanded={open}
          aria-controls={open ? 'mobile-menu' : undefined}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen(!open)}
        >
          {open ? <X className="h-6 w-6" aria-hidden /> : <Menu className="h-6 w-6" aria-hidden />}
        </Button>
      </div>
      {open ? (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-slate-200 bg-white px-4 pb-6 pt-2 lg:hidden">
          <ul className="flex flex-col gap-1">
            {navGroups.map((item) =>
              isGroup(item) ? (
                <li key={item.label}>
                  <p className="px-3 pb-1 pt-3 text-xs font-semibold uppercase tracking-wide text-slate-500">{item.label}</p>
                  <ul>
                    {item.links.map((l) => (
                      <li key={l.to}>
                        <Link to={l.to} className={cn(topLink, 'block')}>
                          {l.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </li>
              ) : (
                <li key={item.to}>
                  <Link to={item.to} className={cn(topLink, 'block')}>
                    {item.label}
                  </Link>
                </li>
              ),
            )}
          </ul>
          <div className="mt-4 px-3">
            <AccountArea onNavigate={() => setOpen(false)} />
          </div>
        </nav>
      ) : null}
    </header>
  );
}
