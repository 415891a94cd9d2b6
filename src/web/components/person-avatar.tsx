import { cn } from '../lib/cn';

/** A person's photo, or their initials on a brand tint when there is none. The name is the alt text. */
export function PersonAvatar({ name, imageUrl, className }: { name: string; imageUrl: string | null | undefined; className?: string }) {
  if (imageUrl) return <img src={imageUrl} alt={name} className={cn('shrink-0 rounded-full bg-brand-50 object-cover', className)} decoding="async" />;
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
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
