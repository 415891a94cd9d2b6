import { cn } from '../../lib/cn';

/** The expert's photo, or their initials on a brand tint when there is none. Alt text is the name. */
export function ExpertAvatar({ name, imageUrl, className }: { name: string; imageUrl: string | null; className?: string }) {
  if (imageUrl) return <img src={imageUrl} alt={name} className={cn('shrink-0 rounded-full bg-brand-50 object-cover', className)} loading="lazy" decoding="async" />;
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
  return (
    <span role="img" aria-label={name} className={cn('flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800', className)}>
      {initials}
    </span>
  );
}
