import { Pause, Play } from 'lucide-react';
import { cn } from '../../lib/cn';

/** Stops or resumes an automatic rotation (WCAG 2.2.2); `label` names what rotates, e.g. "topics". */
export function RotationToggle({ paused, onToggle, label, className }: { paused: boolean; onToggle: () => void; label: string; className?: string }) {
  const Icon = paused ? Play : Pause;
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={paused ? `Resume rotating ${label}` : `Pause rotating ${label}`}
      className={cn('inline-flex h-9 w-9 cursor-pointer items-center justify-center rounded-full transition-colors', className)}
    >
      <Icon className="h-4 w-4" aria-hidden />
    </button>
  );
}
