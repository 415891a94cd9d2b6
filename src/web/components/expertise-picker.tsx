import { Check, Plus, Sparkles, X } from 'lucide-react';
import { useId, useState } from 'react';
import { expertiseCatalogue } from '@shared/constants';
import { addExpertiseArea, maxExpertiseAreaLength, maxExpertiseAreas, toggleExpertiseArea } from '@shared/expertise';
import { cn } from '../lib/cn';
import { Button } from './ui/button';
import { Input, Label } from './ui/input';

type Props = {
  value: string[];
  onChange: (areas: string[]) => void;
  /** Catalogue areas marked "suggested from your CV" (the application wizard passes them). */
  suggested?: readonly string[];
  /** The form's message for the whole list (e.g. 'Please choose at least 1 expertise area'); a refused custom area's message takes its place. */
  error?: string;
};

/**
 * The expertise picker of the application wizard and the profile editor (docs/product.md "Expert profiles",
 * "Expert applications", rule in src/shared/expertise.ts): the 26 catalogue areas as toggle buttons
 * (aria-pressed), the chosen areas as chips with 'Remove {area}', and a custom area added with Enter or the
 * + button ('Add area'); refused additions show the rule's message.
 */
export function ExpertisePicker({ value, onChange, suggested = [], error }: Props) {
  const id = useId();
  const [custom, setCustom] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const full = value.length >= maxExpertiseAreas;
  const message = refusal ?? error;

  function addCustom() {
    const result = addExpertiseArea(value, custom);
    setRefusal(result.refused);
    if (!result.refused) {
      onChange(result.selected);
      setCustom('');
    }
  }

  return (
    <div className="space-y-5">
      <div aria-live="polite" className="flex flex-wrap items-center gap-2">
        <p className="text-sm font-medium text-slate-800">
          {value.length} of {maxExpertiseAreas} selected
        </p>
        {value.map((area) => (
          <span key={area} className="inline-flex items-center gap-1 rounded-full bg-brand-600 py-1 pr-1 pl-3 text-sm font-medium text-white">
            {area}
            <button
              type="button"
              onClick={() => onChange(value.filter((a) => a !== area))}
              className="cursor-pointer rounded-full p-0.5 hover:bg-brand-700"
              aria-label={`Remove ${area}`}
            >
              <X className="h-3.5 w-3.5" aria-hidden />
            </button>
          </span>
        ))}
      </div>

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Choose from our catalogue</legend>
        <div className="flex flex-wrap gap-2">
          {expertiseCatalogue.map((area) => {
            const on = value.includes(area);
            return (
              <button
                key={area}
                type="button"
                aria-pressed={on}
                disabled={!on && full}
                onClick={() => onChange(toggleExpertiseArea(value, area))}
                className={cn(
                  'inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm transition-colors disabled:cursor-not-allowed disabled:opacity-45',
                  on ? 'border-brand-600 bg-brand-50 font-semibold text-brand-700' : 'border-slate-300 bg-white text-slate-800 hover:border-brand-500',
                )}
              >
                {on ? <Check className="h-3.5 w-3.5" aria-hidden /> : null}
                {area}
                {suggested.includes(area) ? (
                  <>
                    <Sparkles className="h-3.5 w-3.5 text-brand-600" aria-hidden />
                    <span className="sr-only"> (suggested from your CV)</span>
                  </>
                ) : null}
              </button>
            );
          })}
        </div>
      </fieldset>

      <div>
        <Label htmlFor={`${id}-custom`}>Add your own area</Label>
        <div className="flex gap-2">
          <Input
            id={`${id}-custom`}
            value={custom}
            maxLength={maxExpertiseAreaLength + 20}
            placeholder={full ? `You have chosen ${maxExpertiseAreas} areas` : 'e.g. Product Management'}
            disabled={full}
            aria-invalid={Boolean(refusal)}
            aria-describedby={`${id}-${message ? 'message' : 'hint'}`}
            onChange={(e) => {
              setCustom(e.target.value);
              setRefusal(undefined);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addCustom();
              }
            }}
          />
          <Button variant="outline" size="icon" onClick={addCustom} disabled={full} aria-label="Add area" className="shrink-0">
            <Plus className="h-4 w-4" aria-hidden />
          </Button>
        </div>
        {message ? (
          <p id={`${id}-message`} role="alert" className="mt-1.5 text-sm text-red-700">
            {message}
          </p>
        ) : (
          <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
            Press Enter or the + button to add it.
          </p>
        )}
      </div>
    </div>
  );
}
