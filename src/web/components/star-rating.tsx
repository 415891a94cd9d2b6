import { Star } from 'lucide-react';
import { cn } from '../lib/cn';

const five = [0, 1, 2, 3, 4];

/** Five stars filled to `value` (1–5, fractions shown partly filled), announced as "Rated 4.9 out of 5". */
export function StarRating({ value, className, starClassName = 'h-4 w-4' }: { value: number; className?: string; starClassName?: string }) {
  const percent = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <span role="img" aria-label={`Rated ${value.toFixed(1)} out of 5`} className={cn('relative inline-flex shrink-0', className)}>
      <span className="flex gap-0.5 text-slate-300" aria-hidden>
        {five.map((i) => (
          <Star key={i} className={cn('fill-current', starClassName)} />
        ))}
      </span>
      <span className="absolute inset-y-0 left-0 flex gap-0.5 overflow-hidden text-amber-400" style={{ width: `${percent}%` }} aria-hidden>
        {five.map((i) => (
          <Star key={i} className={cn('shrink-0 fill-current', starClassName)} />
        ))}
      </span>
    </span>
  );
}

/** 'New' for an expert without reviews; otherwise the rounded average as text, e.g. '4.9'. */
export function ratingText(ratingAvg: number | null): string {
  return ratingAvg === null ? 'New' : ratingAvg.toFixed(1);
}

export function reviewCountText(count: number): string {
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}

/** Stars, the average and the review count on one line, or a 'New' badge when nobody has reviewed yet. */
export function RatingSummary({ ratingAvg, reviewCount, className }: { ratingAvg: number | null; reviewCount: number; className?: string }) {
  if (ratingAvg === null || reviewCount === 0) {
    return (
      <span className={cn('inline-flex items-center gap-1.5 text-sm', className)}>
        <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700">New</span>
        <span className="text-slate-600">No reviews yet</span>
      </span>
    );
  }
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-sm', className)}>
      <StarRating value={ratingAvg} />
      <span className="font-semibold text-slate-900">{ratingText(ratingAvg)}</span>
      <span className="text-slate-600">({reviewCountText(reviewCount)})</span>
    </span>
  );
}
