import { Check } from 'lucide-react';

/** A list of short statements, each led by a check mark. */
export function BulletList({ items }: { items: readonly string[] }) {
  return (
    <ul className="space-y-3">
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <Check className="mt-1 h-4 w-4 shrink-0 text-brand-600" aria-hidden />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
