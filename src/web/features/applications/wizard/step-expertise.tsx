import { Check, Plus, Sparkles, X } from 'lucide-react';
import { useState } from 'react';
import { addExpertiseArea, maxExpertiseAreaLength, maxExpertiseAreas, toggleExpertiseArea } from '@shared/application-rules';
import { expertiseCatalogue } from '@shared/constants';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';

type Props = { selected: string[]; suggested: string[]; onChange: (areas: string[]) => void };

/**
 * Step 3 (docs/product.md "Expert applications"): one to three areas from the 26-area catalogue, or custom ones added with Enter or the
 * + button (trimmed, no duplicates, while fewer than 3 are chosen). Areas the CV matched are marked.
 */
export function StepExpertise({ selected, suggested, onChange }: Props) {
  const [custom, setCustom] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const full = selected.length >= maxExpertiseAreas;

  function addCustom() {
    const result = addExpertiseArea(selected, custom);
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
          {selected.length} of {maxExpertiseAreas} selected
        </p>
        {selected.map((area) => (
          <span key={area} className="inline-flex items-center gap-1 rounded-full bg-brand-600 py-1 pr-1 pl-3 text-sm font-medium text-white">
            {area}
            <button
              type="button"
              onClick={() => onChange(selected.filter((a) => a !== area))}
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
            const on = selected.includes(area);
            const isSuggested = suggested.includes(area);
            return (
              <button
                key={area}
                type="button"
                aria-pressed={on}
                disabled={!on && full}
                onClick={() => onChange(toggleExpertiseArea(selected, area))}
                className={cn(
                  'inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm transition-colors disabled:cursor-not-allowed disabled:opacity-45',
                  on ? 'border-brand-600 bg-brand-50 font-semibold text-brand-700' : 'border-slate-300 bg-white text-slate-800 hover:border-brand-500',
                )}
              >
                {on ? <Check className="h-3.5 w-3.5" aria-hidden /> : null}
                {area}
                {isSuggested ? (
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
        <Label htmlFor="custom-area">Add your own area</Label>
        <div className="flex gap-2">
          <Input
            id="custom-area"
            value={custom}
            maxLength={maxExpertiseAreaLength + 20}
            placeholder={full ? 'You have chosen 3 areas' : 'e.g. Product Management'}
            disabled={full}
            aria-describedby={refusal ? 'custom-area-refusal' : 'custom-area-hint'}
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
          <Button variant="outline" size="icon" onClick={addCustom} disabled={full} aria-label="Add area">
            <Plus className="h-4 w-4" aria-hidden />
          </Button>
        </div>
        {refusal ? (
          <p id="custom-area-refusal" role="alert" className="mt-1.5 text-sm text-red-700">
            {refusal}
          </p>
        ) : (
          <p id="custom-area-hint" className="mt-1.5 text-sm text-slate-600">
            Press Enter or the + button to add it.
          </p>
        )}
      </div>
    </div>
  );
}
