import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { Input, Label } from './ui/input';

/** "GMT-7" style offset of `zone` at instant `at`, for the option labels. */
function offsetOf(zone: string, at: Date): string {
  return (
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? ''
  );
}

/** At most this many matches are listed: typing narrows the rest. */
const shown = 60;

/**
 * The one time-zone picker (docs/product.md "E-mail", "Availability"): a searchable combobox over the runtime's IANA
 * zones, following the WAI-ARIA combobox pattern with a list popup (role combobox, listbox and options, the active
 * option as aria-activedescendant; Arrow keys move, Enter picks, Escape closes). Typing any part of a zone's name
 * finds it ('Van' → America/Vancouver); each option shows the offset that applies at `at` (default now), so a zone is
 * chosen by what it will be on the relevant date. The stored zone is kept even when the list lacks it (e.g. 'UTC').
 */
export function TimeZoneSelect({ id, value, onChange, at }: { id: string; value: string; onChange: (zone: string) => void; at?: Date }) {
  const listId = useId();
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const atTime = at?.getTime();
  const zones = useMemo(() => {
    const when = atTime === undefined ? new Date() : new Date(atTime);
    const all = Intl.supportedValuesOf('timeZone');
    return (all.includes(value) ? all : [value, ...all]).map((zone) => ({
      zone,
      label: `${zone.replaceAll('_', ' ')} (${offsetOf(zone, when)})`,
      search: zone.replaceAll('_', ' ').toLowerCase(),
    }));
  }, [atTime, value]);
  const open = query !== null;
  const words = (query ?? '').toLowerCase().trim();
  // A city that starts with what was typed comes first ('Van' → Vancouver before Havana); otherwise in the runtime's order.
  const rank = (z: { search: string }) => (z.search.slice(z.search.lastIndexOf('/') + 1).startsWith(words) ? 0 : 1);
  const matches = open
    ? zones
        .filter((z) => z.search.includes(words) || z.zone.toLowerCase().includes(words))
        .sort((a, b) => rank(a) - rank(b))
        .slice(0, shown)
    : [];
  const current = zones.find((z) => z.zone === value);

  const pick = (zone: string) => {
    setQuery(null);
    if (zone !== value) onChange(zone);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setQuery('');
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (matches.length ? (i + step + matches.length) % matches.length : 0));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      const chosen = matches[active];
      if (chosen) pick(chosen.zone);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setQuery(null);
    }
  };

  return (
    <div className="relative sm:max-w-md">
      <Label htmlFor={id}>Time zone</Label>
      <Input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? `${listId}-${active}` : undefined}
        aria-describedby={`${listId}-now`}
        autoComplete="off"
        spellCheck={false}
        placeholder="Type a city or region"
        value={open ? query : value}
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setQuery(null)}
      />
      <p id={`${listId}-now`} className="mt-1 text-xs text-slate-600">
        {current ? current.label : value}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label="Zones that match"
        hidden={!open}
        className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg"
      >
        {matches.map((z, i) => (
          <li
            key={z.zone}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            // Picked on mouse down, before the field's blur closes the list.
            onMouseDown={(e) => {
              e.preventDefault();
              pick(z.zone);
            }}
            onMouseEnter={() => setActive(i)}
            className={`cursor-pointer px-3 py-1.5 ${i === active ? 'bg-brand-50 text-brand-800' : 'text-slate-800'}`}
          >
            {z.label}
          </li>
        ))}
        {open && matches.length === 0 ? <li className="px-3 py-1.5 text-slate-600">No time zone matches “{query}”.</li> : null}
      </ul>
    </div>
  );
}
