import { Check, Plus } from 'lucide-react';
import { useState } from 'react';
import { expertiseCatalogue } from '@shared/constants';
import { messages } from '@shared/messages';
import { canonicalExpertise, profileLimits } from '@shared/schemas/expert-profile';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { addProblem, ListMessage, RemovableChip } from './tag-input';

const { items: max, length: maxLength } = profileLimits.expertise;
const catalogue: readonly string[] = expertiseCatalogue;

/**
 * Up to 3 expertise areas (docs/product.md "Search and catalogue", "Expert applications"): the 26 catalogue
 * areas as toggles, plus custom areas added with Enter or the + button when non-empty after trimming, not
 * a duplicate and fewer than 3 are chosen.
 */
export function ExpertisePicker({ value, onChange, error }: { value: string[]; onChange: (next: string[]) => void; error?: string }) {
  const [custom, setCustom] = useState('');
  const [problem, setProblem] = useState('');
  const full = value.length >= max;
  const customAreas = value.filter((a) => !catalogue.includes(a));
  const shown = problem || error;

  const toggle = (area: string) => {
    setProblem('');
    onChange(value.includes(area) ? value.filter((a) => a !== area) : [...value, area]);
  };
  const addCustom = () => {
    const area = canonicalExpertise(custom.trim());
    const why = addProblem(value, area, { item: 'expertise area', tooMany: messages.profile.expertiseMax, maxItems: max, maxLength });
    setProblem(why);
    if (why) return;
    onChange([...value, area]);
    setCustom('');
  };

  return (
    <fieldset aria-describedby="expertise-count">
      <legend className="sr-only">Expertise areas</legend>
      <p id="expertise-count" className="mb-3 text-sm text-slate-700" aria-live="polite">
        {value.length} of {max} selected{full ? ' — remove one to choose another' : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        {catalogue.map((area) => {
          const checked = value.includes(area);
          return (
            <label
              key={area}
              className={cn(
                'relative inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                checked ? 'border-brand-600 bg-brand-50 font-medium text-brand-900' : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400',
                !checked && full && 'cursor-not-allowed opacity-50 hover:border-slate-300',
              )}
            >
              <input
                type="checkbox"
                className="absolute inset-0 cursor-[inherit] opacity-0"
                checked={checked}
                disabled={!checked && full}
                onChange={() => toggle(area)}
              />
              {checked ? <Check className="h-3.5 w-3.5" aria-hidden /> : null}
              {area}
            </label>
          );
        })}
      </div>
      {customAreas.length ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Custom areas">
          {customAreas.map((area) => (
            <RemovableChip key={area} text={area} onRemove={() => toggle(area)} className="border border-brand-600 bg-brand-50 font-medium text-brand-900" />
          ))}
        </ul>
      ) : null}
      <div className="mt-4 flex max-w-md gap-2">
        <label htmlFor="expertise-custom" className="sr-only">
          Custom expertise area
        </label>
        <Input
          id="expertise-custom"
          value={custom}
          placeholder="Add your own area"
          disabled={full}
          aria-invalid={Boolean(shown)}
          aria-describedby={shown ? 'expertise-error' : undefined}
          onChange={(e) => {
            setCustom(e.target.value);
            setProblem('');
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            addCustom();
          }}
        />
        <Button variant="outline" size="icon" onClick={addCustom} disabled={full} aria-label="Add custom area" className="shrink-0">
          <Plus className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <ListMessage id="expertise-error" text={shown} />
    </fieldset>
  );
}
