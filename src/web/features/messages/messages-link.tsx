/**
 * The header's "Messages" link with the signed-in account's unread count (docs/product.md "Messages"), on every
 * page; the live stream (use-message-stream.ts, opened once by the header) keeps the count current. Its accessible name says the count: "Messages, 2 unread".
 */
import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { useUnreadCount } from './api/get-unread';

export function MessagesLink() {
  const unread = useUnreadCount(true).data?.unread ?? 0;
  return (
    <Link
      to="/messages"
      aria-label={unread > 0 ? `Messages, ${unread} unread` : 'Messages'}
      className="relative inline-flex h-8 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
    >
      <MessageSquare className="h-5 w-5" aria-hidden />
      <span className="lg:sr-only">Messages</span>
      {unread > 0 ? (
        <span
          data-testid="unread-badge"
          aria-hidden
          className="absolute -right-1 -top-1 min-w-5 rounded-full bg-rose-600 px-1.5 text-center text-xs font-bold leading-5 text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
