import { useState } from 'react';
import { rotatingTopics, topicRotation } from '@shared/constants';
import { cn } from '../../lib/cn';
import { CtaLink } from './cta-link';
import { RotationToggle } from './rotation-toggle';
import { useRotation } from './use-rotation';

/**
 * 'Get expert guidance on' with the 12 topics rotating every 3000 ms (700 ms change-over) and an
 * 'Explore All Topics' button (docs/product.md "Content and timings"). The rotating line is hidden from screen
 * readers, which get the whole list instead, so nothing is announced every few seconds.
 */
export function TopicsSection() {
  const [stopped, setStopped] = useState(false);
  const { index, visible } = useRotation({
    count: rotatingTopics.length,
    intervalMs: topicRotation.intervalMs,
    transitionMs: topicRotation.transitionMs,
    paused: stopped,
  });
  return (
    <section aria-labelledby="topics-title" className="px-4 py-4">
      <div className="relative isolate mx-auto max-w-7xl overflow-hidden rounded-[2rem] bg-brand-900 px-6 py-16 text-center sm:px-12 sm:py-24">
        <div aria-hidden className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,var(--color-brand-600),transparent_65%)] opacity-70" />
        <div aria-hidden className="absolute -bottom-32 left-1/2 -z-10 h-64 w-[48rem] -translate-x-1/2 rounded-full bg-violet-500/20 blur-3xl" />
        <h2 id="topics-title" className="text-2xl font-semibold text-indigo-100 sm:text-3xl">
          Get expert guidance on
        </h2>
        <p
          aria-hidden
          className="mx-auto mt-5 flex min-h-[3lh] max-w-4xl items-center justify-center text-3xl font-bold tracking-tight text-white sm:min-h-[2lh] sm:text-5xl"
        >
          <span
            className={cn('block text-balance transition-[opacity,transform] ease-out', visible ? 'translate-y-0 opacity-100' : '-translate-y-3 opacity-0')}
            style={{ transitionDuration: `${topicRotation.transitionMs / 2}ms` }}
          >
            {rotatingTopics[index]}
          </span>
        </p>
        <ul className="sr-only">
          {rotatingTopics.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
        <div aria-hidden className="mt-8 flex justify-center gap-1.5">
          {rotatingTopics.map((t, i) => (
            <span key={t} className={cn('h-1 rounded-full transition-all duration-500', i === index ? 'w-6 bg-white' : 'w-1.5 bg-white/30')} />
          ))}
        </div>
        <div className="mt-10 flex items-center justify-center gap-3">
          <CtaLink to="/results" tone="inverse" arrow>
            Explore All Topics
          </CtaLink>
          <RotationToggle
            paused={stopped}
            onToggle={() => setStopped((s) => !s)}
            label="topics"
            className="border border-white/30 text-white hover:bg-white/10 focus-visible:outline-white"
          />
        </div>
      </div>
    </section>
  );
}
