import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { noShowMessages } from '@shared/no-shows';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { FormError, Label, Textarea } from '../../components/ui/input';
import { useContestNoShow } from './api/contest-no-show';
import { useReportNoShow } from './api/report-no-show';

type DialogProps = { sessionId: string; counterpart: string; open: boolean; onOpenChange: (open: boolean) => void };

/** What a statement dialog sends: the report or the contest mutation (api/report-no-show.ts, api/contest-no-show.ts). */
type StatementMutation = {
  mutate: (body: { statement: string }, on: { onSuccess: () => void; onError: (err: Error) => void }) => void;
  isPending: boolean;
};

/**
 * A statement form in a dialog: the textarea, Cancel and `submitLabel`; sending closes it with `sentMessage`, a
 * refusal stays in it in the server's words.
 */
function StatementDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  submitLabel,
  sentMessage,
  send,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  label: string;
  submitLabel: string;
  sentMessage: string;
  send: StatementMutation;
}) {
  const [statement, setStatement] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    send.mutate(
      { statement: statement.trim() },
      {
        onSuccess: () => {
          toast.success(sentMessage);
          onOpenChange(false);
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <form onSubmit={submit} className="space-y-4">
        <div>
          <Label htmlFor="no-show-statement">{label}</Label>
          <Textarea id="no-show-statement" value={statement} onChange={(e) => setStatement(e.target.value)} maxLength={5000} />
        </div>
        <FormError>{error}</FormError>
        <DialogButtons onCancel={() => onOpenChange(false)} submitLabel={submitLabel} pending={send.isPending} />
      </form>
    </Dialog>
  );
}

/** 'Report a no-show' (docs/product.md "No-shows"): an optional statement, then the report. */
export function ReportNoShowDialog({ sessionId, counterpart, open, onOpenChange }: DialogProps) {
  return (
    <StatementDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Report a no-show"
      description={`Tell us that ${counterpart} did not attend. ${counterpart} is told and has 48 hours to contest; the payment stays held until then.`}
      label="What happened? (optional)"
      submitLabel="Report no-show"
      sentMessage={noShowMessages.reported}
      send={useReportNoShow(sessionId)}
    />
  );
}

/** 'Contest' (docs/product.md "No-shows"): the reported party's statement, required; the team then reviews both. */
export function ContestNoShowDialog({ sessionId, counterpart, open, onOpenChange }: DialogProps) {
  return (
    <StatementDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Contest the no-show report"
      description={`Tell our team what happened. They will review your statement and ${counterpart}'s and contact you both.`}
      label="What happened?"
      submitLabel="Contest report"
      sentMessage={noShowMessages.contested}
      send={useContestNoShow(sessionId)}
    />
  );
}
