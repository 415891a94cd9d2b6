import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { expertiseCatalogue, expertSorts, searchTextMax, type ExpertSort } from '@shared/constants';
import { Button } from '../../components/ui/button';
import { Input, Label, Select } from '../../components/ui/input';
import { priceRanges, sortLabels, type ResultsParams } from './results-params';

type Change = (patch: Partial<ResultsParams>) => void;

/** The search box: submits the text as `query` (trimmed, ≤ 400 characters; docs/product.md "Search and catalogue"). */
export function ResultsSearchBox({ query, onSearch }: { query: string; onSearch: (query: string) => void }) {
  const [text, setText] = useState(query);
  // A new query from the address (back button, a link) replaces what was typed: adjusted while rendering, not in an effect.
  const [shownQuery, setShownQuery] = useState(query);
  if (query !== shownQuery) {
    setShownQuery(query);
    setText(query);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="mx-auto flex w-full max-w-2xl gap-2 rounded-2xl bg-white p-2 shadow-lg ring-1 ring-slate-200">
      <Label htmlFor="results-query" className="sr-only">
        Search experts
      </Label>
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-500" aria-hidden />
        <Input
          id="results-query"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={searchTextMax}
          placeholder="Try “design”, “interviews” or “data science”"
          className="h-12 border-0 pl-10 text-base shadow-none"
        />
      </div>
      <Button type="submit" size="lg" className="h-12">
        Search
      </Button>
    </form>
  );
}

/** Price preset value for the select: the index of the matching preset, 'custom', or '' for any price. */
function priceValue(p: ResultsParams): string {
  if (p.minRate === undefined && p.maxRate === undefined) return '';
  const i = priceRanges.findIndex((r) => r.minRate === p.minRate && r.maxRate === p.maxRate);
  return i >= 0 ? String(i) : 'custom';
}

function customPriceLabel(p: ResultsParams): string {
  if (p.minRate !== undefined && p.maxRate !== undefined) return `$${p.minRate} – $${p.maxRate}`;
  return p.minRate !== undefined ? `$${p.minRate} and up` : `Up to $${p.maxRate}`;
}

/** Filters (expertise area, language, price) and sort; every change lands in the URL and resets to page 1. */
export function ResultsFilters({ params, languages, onChange }: { params: ResultsParams; languages: string[]; onChange: Change }) {
  const price = priceValue(params);
  const setPrice = (value: string) => {
    const range = value === '' ? undefined : priceRanges[Number(value)];
    onChange({ minRate: range?.minRate, maxRate: range?.maxRate });
  };
  const languageOptions = params.language && !languages.includes(params.language) ? [params.language, ...languages] : languages;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <div>
        <Label htmlFor="filter-expertise">Expertise area</Label>
        <Select id="filter-expertise" value={params.expertise} onChange={(e) => onChange({ expertise: e.target.value })}>
          <option value="">All areas</option>
          {expertiseCatalogue.map((area) => (
            <option key={area} value={area}>
              {area}
            </option>
          ))}
          {params.expertise && !(expertiseCatalogue as readonly string[]).includes(params.expertise) ? (
            <option value={params.expertise}>{params.expertise}</option>
          ) : null}
        </Select>
      </div>
      <div>
        <Label htmlFor="filter-language">Language</Label>
        <Select id="filter-language" value={params.language} onChange={(e) => onChange({ language: e.target.value })}>
          <option value="">Any language</option>
          {languageOptions.map((language) => (
            <option key={language} value={language}>
              {language}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor="filter-price">Hourly rate</Label>
        <Select id="filter-price" value={price} onChange={(e) => setPrice(e.target.value)}>
          <option value="">Any price</option>
          {priceRanges.map((r, i) => (
            <option key={r.label} value={String(i)}>
              {r.label}
            </option>
          ))}
          {price === 'custom' ? (
            <option value="custom" disabled>
              {customPriceLabel(params)}
            </option>
          ) : null}
        </Select>
      </div>
      <div>
        <Label htmlFor="filter-sort">Sort by</Label>
        <Select id="filter-sort" value={params.sort} onChange={(e) => onChange({ sort: e.target.value as ExpertSort })}>
          {expertSorts.map((s) => (
            <option key={s} value={s}>
              {sortLabels[s]}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
