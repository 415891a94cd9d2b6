import { formatDateTime, formatDuration, localZoneName } from '../../lib/format';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * A workshop's start in the viewer's zone, named, and its length. The server (and hydration) shows the UTC time,
 * named UTC, so the hydrated markup equals the server's; the viewer's own zone follows at once.
 */
export function WorkshopTime({ startsAt, durationMinutes }: { startsAt: string; durationMinutes: number }) {
  const hydrated = useHydrated();
  const when = hydrated ? `${formatDateTime(startsAt)} ${localZoneName(startsAt)}` : `${new Date(startsAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return (
    <span>
      {when} · {formatDuration(durationMinutes)}
    </span>
  );
}
