/**
 * Wall-clock time in an IANA zone ↔ UTC instants, with the runtime's Intl time zone data only (docs/product.md
 * "Availability"). Pure and isomorphic; no answer depends on the host's time zone (`TZ`), because nothing here
 * reads local-time Date methods.
 *
 * Local times that a transition makes ambiguous or non-existent follow RFC 5545 §3.3.5: an ambiguous local time
 * (the repeated hour when clocks go back) is its FIRST occurrence; a non-existent one (skipped when clocks go
 * forward) is moved forward by the length of the gap (02:30 on a one-hour spring-forward night is 03:30).
 */

const dayMs = 86_400_000;

/** One formatter per zone; building one costs tens of microseconds. Bounded: cleared at `formatterLimit`. */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterLimit = 1000;

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (formatters.size >= formatterLimit) formatters.clear();
    formatters.set(zone, f);
  }
  return f;
}

/**
 * The wall clock that `zone` shows at the instant `ms` (ms since the epoch), written as if it were UTC: ms since
 * the epoch of the same year, month, day, hour, minute and second in UTC. Seconds are kept; milliseconds dropped.
 */
export function wallClockAt(ms: number, zone: string): number {
  const p: Record<string, string> = {};
  for (const { type, value } of formatter(zone).formatToParts(ms)) p[type] = value;
  const wall = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not read years 0–99 as 1900–1999.
  wall.setUTCFullYear(Number(p.year), Number(p.month) - 1, Number(p.day));
  wall.setUTCHours(Number(p.hour), Number(p.minute), Number(p.second), 0);
  return wall.getTime();
}

/** The UTC offset of `zone` at the instant `ms`, in ms east of UTC (whole seconds, as in the IANA data). */
function offsetMs(ms: number, zone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallClockAt(whole, zone) - whole;
}

/**
 * The instant (ms since the epoch) at which the clock in `zone` shows `wall` (a wall-clock time written as a UTC
 * epoch ms, see wallClockAt). RFC 5545 §3.3.5: an ambiguous time gives its first occurrence, a non-existent one
 * is moved forward by the gap. Assumes at most one offset change within a day of `wall` (true of all IANA data).
 */
export function wallClockToInstant(wall: number, zone: string): number {
  // The offsets in force a day either side cover every offset that can apply at `wall`.
  const before = offsetMs(wall - dayMs, zone);
  const after = offsetMs(wall + dayMs, zone);
  const candidates = [wall - before, wall - after].filter((t) => wallClockAt(t, zone) === wall);
  // Both offsets fit in an overlap: the earlier instant is the first occurrence.
  if (candidates.length > 0) return Math.min(...candidates);
  // In a gap: read with the offset before the change, which lands as far past the gap's start as `wall` is.
  return wall - before;
}

/**
 * The UTC offset `zone` has at the instant `at`, as people read it: 'GMT-8', 'GMT+5:30', 'GMT' (Intl's
 * `shortOffset`, from the runtime's IANA data). A zone's label must use the offset of the date it labels — America/
 * Vancouver is GMT-7 in July and GMT-8 in December — never today's.
 */
export function offsetName(zone: string, at: Date): string {
  return (
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT'
  );
}
