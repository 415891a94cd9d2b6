/** The inbox (docs/product.md "Messages"): the most recent conversation first, the other person, the last message, unread ones marked. */
import { Link } from 'react-router';
import type { ConversationView } from '@shared/schemas/conversations';
import { messages } from '@shared/messages';
import { PersonAvatar } from '../../components/person-avatar';
import { cn } from '../../lib/cn';
import { shortTime } from './message-time';

export function ConversationList({ conversations, openId }: { conversations: ConversationView[]; openId: string | null }) {
  if (!conversations.length)
    return (
      <p className="p-6 text-sm text-slate-700">
        No conversations yet. Clients start one with the <strong>Message</strong> button on an expert’s profile or a session’s page.
      </p>
    );
  return (
    <ul className="divide-y divide-slate-100">
      {conversations.map((c) => {
        const unread = c.unread > 0;
        return (
          <li key={c.id}>
            <Link
              to={`/messages/${c.id}`}
              aria-current={c.id === openId ? 'page' : undefined}
              className={cn('flex items-start gap-3 px-4 py-3 hover:bg-slate-50', c.id === openId && 'bg-brand-50 hover:bg-brand-50')}
            >
              <PersonAvatar name={c.other.name} imageUrl={c.other.imageUrl} className="h-10 w-10 text-sm" />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className={cn('truncate text-sm text-slate-900', unread ? 'font-bold' : 'font-medium')}>{c.other.name}</span>
                  <time dateTime={c.lastActivityAt} className="shrink-0 text-xs text-slate-600">
                    {shortTime(c.lastActivityAt)}
                  </time>
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className={cn('truncate text-sm', unread ? 'font-semibold text-slate-900' : 'text-slate-600')}>
                    {c.lastMessage ? `${c.lastMessage.mine ? 'You: ' : ''}${c.lastMessage.body || messages.messaging.attachmentOnly}` : 'No messages yet'}
                  </span>
                  {unread ? (
                    <span className="shrink-0 rounded-full bg-brand-700 px-2 text-xs font-bold leading-5 text-white">
                      {c.unread}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
