import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { noShowMessages } from '@shared/no-shows';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { FormError, Label, Textarea } from '../../components/ui/input';
import { useContestNoShow } from './api/contest-no-show';
import { useReportNoShow } from './api/report-no-show';

type DialogProps = { sessionId: string; counterpart: string; open: boolean; onOpenChange: (open: boolean) => void };

/** A statement form in a dialog: the textarea, the server's refusal in words, Cancel and `submitLabel`. */
function StatementDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  label: string;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (statement: string) => void;
}) {
  const [statement, setStatement] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(statement.trim());
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <form onSubmit={submit} className="space-y-4">
        <div>
          <Label htmlFor="no-show-statement">{label}</Label>
          <Textarea id="no-show-statement" value={statement} onChange={(e) => setStatement(e.target.value)} maxLength={5000} />
        </div>
        <FormError>{error}</FormError>
        <DialogButtons onCancel={() => onOpenChange(false)} submitLabel={submitLabel} pending={pending} />
      </form>
    </Dialog>
  );
}

/** 'Report a no-show' (docs/product.md "No-shows"): an optional statement, then the report. */
export function ReportNoShowDialog({ sessionId, counterpart, open, onOpenChange }: DialogProps) {
  const report = useReportNoShow(sessionId);
  const [error, setError] = useState<string | null>(null);
  return (
    <StatementDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Report a no-show"
      description={`Tell us that ${counterpart} did not attend. ${counterpart} is told and has 48 hours to contest; the payment stays held until then.`}
      label="What happened? (optional)"
      submitLabel="Report no-show"
      pending={report.isPending}
      error={error}
      onSubmit={(statement) => {
        setError(null);
        report.mutate(
          { statement },
          {
            onSuccess: () => {
              toast.success(noShowMessages.reported);
              onOpenChange(false);
            },
            onError: (err) => setError(err.message),
          },
        );
      }}
    />
  );
}

/** 'Contest' (docs/product.md "No-shows"): the reported party's statement, required; the team then reviews both. */
export function ContestNoShowDialog({ sessionId, counterpart, open, onOpenChange }: DialogProps) {
  const contest = useContestNoShow(sessionId);
  const [error, setError] = useState<string | null>(null);
  return (
    <StatementDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Contest the no-show report"
      description={`Tell our team what happened. They will review your statement and ${counterpart}'s and contact you both.`}
      label="What happened?"
      submitLabel="Contest report"
      pending={contest.isPending}
      error={error}
      onSubmit={(statement) => {
        setError(null);
        contest.mutate(
          { statement },
          {
            onSuccess: () => {
              toast.success(noShowMessages.contested);
              onOpenChange(false);
            },
            onError: (err) => setError(err.message),
          },
        );
      }}
    />
  );
}
