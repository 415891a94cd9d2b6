import type { LucideIcon } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { FeatureCard } from './feature-card';

export type Feature = { icon: LucideIcon; title: string; description: string };

const wideColumns = { 3: 'lg:grid-cols-3', 4: 'lg:grid-cols-4' } as const;

/** A responsive grid of feature cards: one column on phones, two on tablets, `columns` on wide screens. */
export function FeatureGrid({ features, columns }: { features: readonly Feature[]; columns: keyof typeof wideColumns }) {
  return (
    <div className={cn('grid gap-6 sm:grid-cols-2', wideColumns[columns])}>
      {features.map((f) => (
        <FeatureCard key={f.title} icon={f.icon} title={f.title} description={f.description} />
      ))}
    </div>
  );
}
