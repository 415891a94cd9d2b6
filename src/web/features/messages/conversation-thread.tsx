/**
 * One open conversation (docs/product.md "Messages"): the messages, newest at the bottom; older pages load as the
 * reader scrolls up (or with the button at the top); "Seen" under the last of the reader's messages the other person
 * has read; the text box below. Reading the newest message from the other person marks the conversation read.
 */
import { ArrowLeft } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { messages as words } from '@shared/messages';
import type { ConversationView, MessageView } from '@shared/schemas/conversations';
import { AttachmentLink } from '../../components/attachment-link';
import { PersonAvatar } from '../../components/person-avatar';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { allMessages, useMessagePages } from './api/get-messages';
import { useMarkRead } from './api/mark-read';
import { BlockedNotice, SafetyActions } from './conversation-safety';
import { MessageComposer } from './message-composer';
import { MessageText } from './message-text';
import { fullTime, shortTime } from './message-time';

/** The id of the last of the reader's messages sent no later than `readAt`, the other person's last read. */
function seenId(list: MessageView[], readAt: string | null): string | null {
  if (!readAt) return null;
  const until = new Date(readAt).getTime();
  const seen = list.filter((m) => m.mine && new Date(m.sentAt).getTime() <= until).at(-1);
  return seen?.id ?? null;
}

export function ConversationThread({ conversation }: { conversation: ConversationView }) {
  const pages = useMessagePages(conversation.id);
  const list = allMessages(pages.data);
  const scroller = useRef<HTMLDivElement>(null);
  /** The scroll height before older messages were added above, to keep the reader's place. */
  const heightBeforeOlder = useRef<number | null>(null);
  const last = list.at(-1);
  const seen = seenId(list, conversation.otherReadAt);

  // A new message at the bottom (or the first page) scrolls down; older messages added above keep the view still.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (heightBeforeOlder.current !== null) {
      el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else el.scrollTop = el.scrollHeight;
  }, [last?.id, list.length]);

  const { mutate: read } = useMarkRead(conversation.id);
  useEffect(() => {
    if (last && !last.mine) read(last.id);
  }, [last, read]);

  const loadOlder = () => {
    if (!pages.hasNextPage || pages.isFetchingNextPage) return;
    heightBeforeOlder.current = scroller.current?.scrollHeight ?? null;
    void pages.fetchNextPage();
  };

  return (
    <section aria-labelledby="conversation-title" className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
        <Link to="/messages" className="rounded-md p-1 text-slate-700 hover:bg-slate-100 md:hidden" aria-label="All conversations">
          <ArrowLeft className="h-5 w-5" aria-hidden />
        </Link>
        <PersonAvatar name={conversation.other.name} imageUrl={conversation.other.imageUrl} className="h-9 w-9 text-sm" />
        <h2 id="conversation-title" className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900">
          {conversation.other.expertSlug ? (
            <Link to={`/expert/${conversation.other.expertSlug}`} className="hover:underline">
              {conversation.other.name}
            </Link>
          ) : (
            conversation.other.name
          )}
        </h2>
        <SafetyActions conversation={conversation} />
      </header>
      {/* eslint-disable jsx-a11y/no-noninteractive-tabindex -- the log scrolls: keyboard users must be able to focus it to scroll (WCAG 2.1.1) */}
      <div
        ref={scroller}
        onScroll={(e) => {
          if (e.currentTarget.scrollTop < 80) loadOlder();
        }}
        className="min-h-0 flex-1 space-y-3 overflow-y-auto bg-slate-50 px-4 py-4"
        role="log"
        aria-label={`Messages with ${conversation.other.name}`}
        aria-busy={pages.isFetching}
        tabIndex={0}
      >
        {/* eslint-enable jsx-a11y/no-noninteractive-tabindex */}
        {pages.hasNextPage ? (
          <div className="text-center">
            <Button variant="outline" size="sm" onClick={loadOlder} disabled={pages.isFetchingNextPage}>
              {pages.isFetchingNextPage ? <Spinner className="h-3.5 w-3.5" label="Loading older messages" /> : null}
              Load older messages
            </Button>
          </div>
        ) : null}
        {pages.isPending ? <Spinner className="mx-auto h-6 w-6" label="Loading messages" /> : null}
        {pages.isError ? <LoadError what="We could not load the messages." error={pages.error} onRetry={() => pages.refetch()} /> : null}
        {pages.isSuccess && !list.length ? <p className="text-center text-sm text-slate-600">Say hello to {conversation.other.name}.</p> : null}
        {list.map((m) => (
          <div key={m.id} className={cn('flex flex-col', m.mine ? 'items-end' : 'items-start')}>
            <div
              className={cn(
                'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm shadow-sm sm:max-w-[70%]',
                m.mine ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-white text-slate-900',
              )}
            >
              <span className="sr-only">{m.mine ? 'You' : conversation.other.name}: </span>
              {m.body ? <MessageText text={m.body} /> : null}
              {m.attachment ? <AttachmentLink attachment={m.attachment} className={cn(m.body && 'mt-1', m.mine ? 'text-white' : 'text-brand-700')} /> : null}
            </div>
            <time dateTime={m.sentAt} title={fullTime(m.sentAt)} className="mt-0.5 text-xs text-slate-600">
              {shortTime(m.sentAt)}
            </time>
            {m.id === seen ? (
              <span className="text-xs font-medium text-slate-700" data-testid="seen">
                {words.messaging.seen}
              </span>
            ) : null}
          </div>
        ))}
      </div>
      {conversation.blocked.byMe || conversation.blocked.byOther ? (
        <BlockedNotice conversation={conversation} />
      ) : (
        <MessageComposer conversationId={conversation.id} otherName={conversation.other.name} />
      )}
    </section>
  );
}
