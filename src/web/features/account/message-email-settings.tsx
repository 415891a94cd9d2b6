/**
 * The "Message e-mails" card on /account (docs/product.md "Messages"): a switch for the e-mail sent when a message is
 * still unread after a while. Saved at once with PUT /api/me/message-emails; a failure is told and the switch stays.
 */
import { messages as words } from '@shared/messages';
import { LoadError } from '../../components/ui/load-error';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useMessageEmails } from './api/get-message-emails';
import { useSaveMessageEmails } from './api/save-message-emails';

export function MessageEmailSettings() {
  const settings = useMessageEmails();
  const save = useSaveMessageEmails();

  async function toggle(enabled: boolean) {
    try {
      await save.mutateAsync({ enabled });
      toast.success(enabled ? 'You will get e-mails about unread messages.' : 'E-mails about unread messages are off.');
    } catch (err) {
      toast.error(err instanceof ApiError && err.status !== 500 ? err.message : words.messaging.emailsSaveFailed);
    }
  }

  return (
    <section aria-labelledby="message-emails-title" className="space-y-4">
      <div>
        <h2 id="message-emails-title" className="text-lg font-semibold text-slate-900">
          Message e-mails
        </h2>
        <p className="mt-1 text-sm text-slate-600">When someone writes to you and you have not read it after a while, we send you one e-mail about it.</p>
      </div>
      {settings.isPending ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : settings.isError ? (
        <LoadError what={words.messaging.emailsLoadFailed} error={settings.error} onRetry={() => settings.refetch()} retrying={settings.isFetching} />
      ) : (
        <div className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
          <input
            id="message-emails"
            type="checkbox"
            className="mt-0.5 h-4 w-4 cursor-pointer accent-brand-600"
            // While saving, the box shows the state asked for.
            checked={save.isPending ? save.variables.enabled : settings.data.enabled}
            disabled={save.isPending}
            onChange={(event) => void toggle(event.target.checked)}
          />
          <label htmlFor="message-emails" className="cursor-pointer text-sm font-medium text-slate-900">
            E-mail me about unread messages
          </label>
        </div>
      )}
    </section>
  );
}
