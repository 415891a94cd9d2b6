/**
 * "Message" beside the booking card (docs/product.md "Messages"): a client opens (or reopens) their conversation
 * with this expert and goes to it; a visitor is sent to sign in and back to this profile; a client whose profile
 * lacks a name is sent to complete it first. Other accounts (experts, the team) do not start conversations here.
 */
import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { messages } from '@shared/messages';
import { hasClientProfile } from '@shared/roles';
import type { ExpertProfile } from '@shared/schemas/experts';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { signInPath } from '../../lib/return-path';
import { useStartConversation } from '../../lib/start-conversation';

export function MessageExpert({ expert }: { expert: ExpertProfile }) {
  const { me } = useAuth();
  const navigate = useNavigate();
  const start = useStartConversation();
  const [error, setError] = useState<string | null>(null);
  const profilePath = `/expert/${expert.slug || expert.id}`;
  const label = `Message ${expert.name.split(' ')[0]}`;

  if (me && me.role !== 'client') return null;
  if (!me || !hasClientProfile(me))
    return (
      <Button asChild variant="outline" size="lg" className="w-full">
        <Link to={signInPath(profilePath)} aria-describedby={me ? 'message-profile-hint' : undefined}>
          <MessageSquare className="h-4 w-4" aria-hidden />
          {label}
          {me ? (
            <span id="message-profile-hint" className="sr-only">
              {messages.messaging.completeProfile}
            </span>
          ) : null}
        </Link>
      </Button>
    );

  const open = async () => {
    setError(null);
    try {
      const { conversation } = await start.mutateAsync({ expertId: expert.id });
      void navigate(`/messages/${conversation.id}`);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : messages.messaging.sendFailed);
    }
  };
  return (
    <div className="space-y-2">
      <Button variant="outline" size="lg" className="w-full" onClick={() => void open()} disabled={start.isPending} aria-busy={start.isPending}>
        <MessageSquare className="h-4 w-4" aria-hidden />
        {label}
      </Button>
      <FormError>{error}</FormError>
    </div>
  );
}
