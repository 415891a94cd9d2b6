/**
 * The language a search names ("a French speaking lawyer"), shown as a removable filter chip on the results page
 * (docs/product.md "Search and catalogue"): its speakers are listed first; removing it searches again with the
 * query the API gives without the words that named it.
 */
import { Languages, X } from 'lucide-react';
import type { ExpertList } from '@shared/schemas/experts';

type Preference = NonNullable<ExpertList['languagePreference']>;

export function LanguagePreferenceChip({ preference, onRemove }: { preference: Preference; onRemove: (queryWithout: string) => void }) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <span>Preferring experts who speak</span>
      <span className="inline-flex items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 py-1 pl-3 pr-1 font-medium text-brand-900">
        <Languages className="h-4 w-4" aria-hidden />
        {preference.language}
        <button
          type="button"
          onClick={() => onRemove(preference.queryWithout)}
          aria-label={`Remove the language preference ${preference.language}`}
          className="inline-flex h-6 w-6 items-center justify-center rounded-full text-brand-900 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      </span>
    </div>
  );
}
