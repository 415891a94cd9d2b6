import { Star } from 'lucide-react';
import { cn } from '../../lib/cn';

/** Five filled stars, announced as "Rated 5 out of 5". */
export function FiveStars({ className }: { className?: string }) {
  return (
    <div role="img" aria-label="Rated 5 out of 5" className={cn('flex gap-0.5 text-amber-400', className)}>
      {[0, 1, 2, 3, 4].map((i) => (
        <Star key={i} className="h-5 w-5 fill-current" aria-hidden />
      ))}
    </div>
  );
}
