import { Button } from './button';

/**
 * A settings card's submit button ('Saving…' while `pending`) with the confirmation beside it once saved
 * (`saved`, announced as a status); `disabled` while there is nothing to save. Used by the cards of /account.
 */
export function SaveRow({
  label,
  pending,
  saved,
  disabled = false,
  onClick,
}: {
  label: string;
  pending: boolean;
  saved: string | null;
  disabled?: boolean;
  onClick?: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type={onClick ? 'button' : 'submit'} onClick={onClick} disabled={pending || disabled}>
        {pending ? 'Saving…' : label}
      </Button>
      {saved && (
        <p role="status" className="text-sm text-emerald-700">
          {saved}
        </p>
      )}
    </div>
  );
}
