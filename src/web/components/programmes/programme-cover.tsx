import { useId } from 'react';
import type { CoverAnswer } from '@shared/schemas/programmes';
import { useProgrammeCover, type CoverTarget } from '../../lib/programmes';
import { JoinCodeForm } from './join-code-form';

export type CoverItem = CoverAnswer['items'][number];

/** The programme a booking uses: `undefined` until the member chooses (the first that covers it), `null` for the card alone. */
export type CoverChoice = string | null | undefined;

/** The programme `choice` names among `items`, or the first that covers the booking while the member has not chosen. */
export function chosenCover(items: CoverItem[] | undefined, choice: CoverChoice): CoverItem | null {
  if (choice === null || !items) return null;
  const usable = items.filter((i) => i.ok);
  return (choice === undefined ? usable[0] : usable.find((i) => i.programmeId === choice)) ?? null;
}

/**
 * Checkout's programme choice for a session or a workshop seat (docs/product.md "Booking with credit"): each programme of the member with "Covered by
 * {organisation}: $X · You pay: $Y" or its refusal, the card alone, and an access code field.
 */
export function ProgrammeCover({
  target,
  choice,
  onChoose,
  disabled,
}: {
  target: CoverTarget;
  choice: CoverChoice;
  onChoose: (programmeId: string | null) => void;
  disabled?: boolean;
}) {
  const name = useId();
  const cover = useProgrammeCover(target, true);
  const items = cover.data?.items ?? [];
  const chosen = chosenCover(items, choice);
  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <legend className="text-sm font-semibold text-slate-900">Funding</legend>
      {cover.isError ? <p className="text-sm text-red-700">Your programmes could not be loaded: {cover.error.message}</p> : null}
      {items.map((i) =>
        i.ok ? (
          <label key={i.programmeId} className="flex cursor-pointer items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm">
            <input
              type="radio"
              name={name}
              className="mt-0.5 h-4 w-4 accent-brand-600"
              checked={chosen?.programmeId === i.programmeId}
              onChange={() => onChoose(i.programmeId)}
            />
            <span className="font-medium text-slate-900" data-testid="covered-line">
              {i.message}
            </span>
          </label>
        ) : (
          <p key={i.programmeId} className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            {i.organisationName}: {i.message}
          </p>
        ),
      )}
      {items.some((i) => i.ok) ? (
        <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-200 p-3 text-sm">
          <input type="radio" name={name} className="h-4 w-4 accent-brand-600" checked={chosen === null} onChange={() => onChoose(null)} />
          Pay the full price by card
        </label>
      ) : null}
      <details className="text-sm">
        <summary className="cursor-pointer text-brand-700">Have an access code?</summary>
        <div className="mt-2">
          <JoinCodeForm compact />
        </div>
      </details>
    </fieldset>
  );
}
