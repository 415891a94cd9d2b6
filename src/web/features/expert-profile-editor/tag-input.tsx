import { Plus, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { messages } from '@shared/messages';
import { isUniqueIgnoringCase } from '@shared/schemas/expert-profile';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';

const m = messages.profile;

/** Why `text` cannot join `list` (the same rules as the server's schema), or '' when it can. */
export function addProblem(list: readonly string[], text: string, o: { item: string; tooMany: string; maxItems: number; maxLength: number }): string {
  if (!text) return m.itemBlank(o.item);
  if (text.length > o.maxLength) return m.itemTooLong(o.item, o.maxLength);
  if (!isUniqueIgnoringCase([...list, text])) return m.duplicate(o.item);
  if (list.length >= o.maxItems) return o.tooMany;
  return '';
}

/** One chosen text with a button removing it ('Remove {text}'). */
export function RemovableChip({ text, onRemove, className }: { text: string; onRemove: () => void; className?: string }) {
  return (
    <li className={cn('inline-flex items-center gap-1 rounded-full py-1 pl-3 pr-1 text-sm', className ?? 'bg-slate-100 text-slate-800')}>
      {text}
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${text}`}
        className="flex h-6 w-6 cursor-pointer items-center justify-center rounded-full hover:bg-slate-900/10"
      >
        <X className="h-3.5 w-3.5" aria-hidden />
      </button>
    </li>
  );
}

/** The inline message under a list control, referenced by its aria-describedby. */
export function ListMessage({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="mt-1.5 text-sm text-red-700">
      {text}
    </p>
  ) : null;
}

/**
 * A list of short texts as removable chips plus a text box; Enter or the + button adds the trimmed text
 * when it is not blank, not a duplicate (ignoring case), not too long and the list is not full.
 */
export function TagInput({
  id,
  label,
  item,
  value,
  onChange,
  maxItems,
  maxLength,
  placeholder,
  error,
}: {
  id: string;
  label: string;
  item: string;
  value: string[];
  onChange: (next: string[]) => void;
  maxItems: number;
  maxLength: number;
  placeholder: string;
  error?: string;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const shown = problem || error;

  const add = () => {
    const trimmed = text.trim();
    const why = addProblem(value, trimmed, { item, tooMany: m.tooMany(label.toLowerCase(), maxItems), maxItems, maxLength });
    setProblem(why);
    if (why) return;
    onChange([...value, trimmed]);
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    add();
  };

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {value.length ? (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label={label}>
          {value.map((tag) => (
            <RemovableChip key={tag} text={tag} onRemove={() => onChange(value.filter((t) => t !== tag))} />
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <Input
          id={id}
          value={text}
          maxLength={maxLength + 20}
          placeholder={placeholder}
          aria-invalid={Boolean(shown)}
          aria-describedby={shown ? `${id}-error` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setProblem('');
          }}
          onKeyDown={onKeyDown}
        />
        <Button variant="outline" size="icon" onClick={add} aria-label={`Add ${item}`} className="shrink-0">
          <Plus className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <ListMessage id={`${id}-error`} text={shown} />
    </div>
  );
}
