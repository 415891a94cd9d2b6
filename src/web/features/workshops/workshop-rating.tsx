import type { WorkshopView } from '@shared/schemas/workshops';
import { ratingText, reviewCountText, StarRating } from '../../components/star-rating';
import { cn } from '../../lib/cn';

/**
 * A workshop rating from public reviews (docs/product.md "Workshops"): stars, the average and '(n reviews {of})',
 * e.g. '(3 reviews of this workshop)'; nothing without reviews, since an upcoming workshop has none of its own.
 */
export function WorkshopRating({ rating, of, className }: { rating: WorkshopView['rating']; of: string; className?: string }) {
  if (!rating) return null;
  return (
    <p className={cn('flex flex-wrap items-center gap-1.5 text-sm', className)}>
      <StarRating value={rating.average} />
      <span className="font-semibold text-slate-900">{ratingText(rating.average)}</span>
      <span className="text-slate-700">
        ({reviewCountText(rating.count)} {of})
      </span>
    </p>
  );
}
