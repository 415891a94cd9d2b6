/**
 * /messages and /messages/{id} (docs/product.md "Messages"): the inbox beside the open conversation; on a phone one
 * column — the inbox at /messages, the conversation at /messages/{id} with a way back. Signed-in accounts only.
 */
import { useParams } from 'react-router';
import { RequireAuth } from '../../components/require-auth';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useConversation } from './api/get-conversation';
import { useConversations } from './api/get-conversations';
import { ConversationList } from './conversation-list';
import { ConversationThread } from './conversation-thread';

function OpenConversation({ id }: { id: string }) {
  const query = useConversation(id);
  if (query.isPending) return <Spinner className="m-auto h-6 w-6" label="Loading the conversation" />;
  if (query.isError) return <LoadError className="m-4" what="We could not open this conversation." error={query.error} onRetry={() => query.refetch()} />;
  return <ConversationThread key={id} conversation={query.data.conversation} />;
}

function Inbox({ openId }: { openId: string | null }) {
  const inbox = useConversations();
  return (
    <nav aria-label="Conversations" className="min-h-0 overflow-y-auto">
      {inbox.isPending ? <Spinner className="m-6 h-6 w-6" label="Loading your conversations" /> : null}
      {inbox.isError ? <LoadError className="m-4" what="We could not load your conversations." error={inbox.error} onRetry={() => inbox.refetch()} /> : null}
      {inbox.data ? <ConversationList conversations={inbox.data.conversations} openId={openId} /> : null}
    </nav>
  );
}

function Messages() {
  const openId = useParams().id ?? null;
  return (
    <div className="mx-auto max-w-6xl px-0 py-0 sm:px-4 sm:py-6">
      <h1 className={cn('px-4 py-4 text-2xl font-bold text-slate-900 sm:px-0 sm:pt-0', openId && 'sr-only md:not-sr-only')}>Messages</h1>
      <div className="grid h-[calc(100dvh-9rem)] min-h-96 overflow-hidden border-slate-200 bg-white sm:rounded-2xl sm:border grid-cols-[minmax(0,1fr)] md:grid-cols-[20rem_minmax(0,1fr)]">
        <div className={cn('min-h-0 border-slate-200 md:flex md:flex-col md:border-r', openId ? 'hidden' : 'flex flex-col')}>
          <Inbox openId={openId} />
        </div>
        <div className={cn('min-h-0 flex-col', openId ? 'flex' : 'hidden md:flex')}>
          {openId ? (
            <OpenConversation id={openId} />
          ) : (
            <p className="m-auto max-w-xs p-6 text-center text-sm text-slate-600">Choose a conversation to read it.</p>
          )}
        </div>
      </div>
    </div>
  );
}

export default function MessagesPage() {
  return (
    <RequireAuth>
      <Messages />
    </RequireAuth>
  );
}
