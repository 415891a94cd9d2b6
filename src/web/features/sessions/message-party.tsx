/**
 * "Message {name}" on a session's page (docs/product.md "Messages"): either party opens (or reopens) the
 * conversation with the other and goes to it.
 */
import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '@shared/messages';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { useStartConversation } from '../../lib/start-conversation';

export function MessageParty({ sessionId, name }: { sessionId: string; name: string }) {
  const start = useStartConversation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    setError(null);
    try {
      const { conversation } = await start.mutateAsync({ sessionId });
      void navigate(`/messages/${conversation.id}`);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : messages.messaging.sendFailed);
    }
  };
  return (
    <div className="mt-6 space-y-2">
      <Button variant="outline" onClick={() => void open()} disabled={start.isPending} aria-busy={start.isPending}>
        <MessageSquare className="h-4 w-4" aria-hidden />
        Message {name}
      </Button>
      <FormError>{error}</FormError>
    </div>
  );
}
