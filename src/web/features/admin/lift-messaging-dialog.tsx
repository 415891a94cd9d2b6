/** The console's Lift messaging suspension button and its dialog (docs/product.md "Messages"), on a report and on the user's page. */
import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { messages } from '@shared/messages';
import { Button } from '../../components/ui/button';
import { useLiftMessagingSuspension } from './api/lift-messaging-suspension';
import { ReasonDialog } from './reason-dialog';

export function LiftMessagingSuspension({ userId, name }: { userId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const lift = useLiftMessagingSuspension(userId);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <MessageSquare className="h-4 w-4" aria-hidden />
        Lift Messaging Suspension
      </Button>
      <ReasonDialog
        id={`lift-messaging-${userId}`}
        title={`Let ${name} send messages again?`}
        description="They can send messages and start conversations again at once, and receive your note by e-mail."
        label="Note to the person"
        submitLabel="Lift Messaging Suspension"
        done={messages.admin.messagingLifted}
        mutation={lift}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}
