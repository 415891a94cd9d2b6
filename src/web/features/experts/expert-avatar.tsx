import { cn } from '../../lib/cn';

/**
 * The expert's photo, or their initials on a brand tint when there is none. Alt text is the name.
 * `size` is the largest CSS pixel size the class names give it (its width/height attributes, so the layout
 * does not shift while it loads); `eager` for a photo in the first screen, which then loads at once instead of lazily.
 */
export function ExpertAvatar({
  name,
  imageUrl,
  className,
  size,
  eager = false,
}: {
  name: string;
  imageUrl: string | null;
  className?: string;
  size: number;
  eager?: boolean;
}) {
  if (imageUrl) {
    return (
      <img
        src={imageUrl}
        alt={name}
        width={size}
        height={size}
        className={cn('shrink-0 rounded-full bg-brand-50 object-cover', className)}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
      />
    );
  }
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
  return (
    <span
      role="img"
      aria-label={name}
      className={cn('flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800', className)}
    >
      {initials}
    </span>
  );
}
