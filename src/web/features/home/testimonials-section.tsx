import { Quote } from 'lucide-react';
import { useState, type FocusEvent } from 'react';
import { testimonialRotation } from '@shared/constants';
import { cn } from '../../lib/cn';
import { RotationToggle } from './rotation-toggle';
import { SectionHeading } from './section-heading';
import { FiveStars } from './star-rating';
import { testimonials } from './testimonials';
import { useRotation } from './use-rotation';

function Person({ image, name, role, caption }: { image: string; name: string; role: string; caption?: string }) {
  return (
    <div className="flex items-center gap-3">
      <img src={image} alt="" width={48} height={48} loading="lazy" decoding="async" className="h-12 w-12 shrink-0 rounded-full ring-2 ring-white" />
      <div className="min-w-0 text-left">
        {caption ? <p className="text-xs font-medium uppercase tracking-wide text-slate-600">{caption}</p> : null}
        <p className="font-semibold text-slate-900">{name}</p>
        <p className="text-sm text-slate-600">{role}</p>
      </div>
    </div>
  );
}

/**
 * Success stories: a carousel of the three testimonials, rotating every 4000 ms with a 500 ms fade
 * (docs/product.md "Content and timings"). Rotation pauses while the pointer or keyboard focus is inside, and can be
 * stopped with the pause button, the first control in the tab order; dots are labelled 'Go to testimonial N'.
 * Follows the WAI-ARIA carousel pattern.
 */
export function TestimonialsSection() {
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const { index, visible, goTo } = useRotation({
    count: testimonials.length,
    intervalMs: testimonialRotation.intervalMs,
    transitionMs: testimonialRotation.fadeMs,
    paused: stopped || hovered || focused,
  });
  const t = testimonials[index];
  if (!t) return null;
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
  };

  return (
    <section aria-labelledby="stories-title" className="bg-gradient-to-b from-white via-brand-50/70 to-white px-4 py-20 sm:py-28">
      <SectionHeading
        id="stories-title"
        eyebrow="Success stories"
        title="Real people, real progress"
        lead="Clients share what changed after working with a Mentora expert."
      />
      <div
        aria-roledescription="carousel"
        aria-label="Success stories"
        role="region"
        className="mx-auto mt-14 max-w-3xl"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={onBlur}
      >
        <div aria-live={stopped ? 'polite' : 'off'} className="relative rounded-3xl border border-slate-200 bg-white p-8 shadow-xl shadow-brand-900/5 sm:p-12">
          <Quote className="absolute right-8 top-8 h-12 w-12 text-brand-100 sm:right-12 sm:top-12" aria-hidden />
          <div
            key={t.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${testimonials.length}`}
            className={cn('transition-opacity ease-in-out', visible ? 'opacity-100' : 'opacity-0')}
            style={{ transitionDuration: `${testimonialRotation.fadeMs / 2}ms` }}
          >
            <FiveStars />
            <blockquote className="mt-6 min-h-[7lh] text-lg leading-relaxed text-pretty text-slate-800 sm:min-h-[4lh] sm:text-2xl sm:leading-relaxed">
              <p>“{t.quote}”</p>
            </blockquote>
            <div className="mt-8 flex flex-col gap-6 border-t border-slate-100 pt-8 sm:flex-row sm:items-center sm:justify-between">
              <Person image={t.image} name={t.name} role={t.role} />
              <Person image={t.expertImage} name={t.expertName} role={t.expertRole} caption="Mentored by" />
            </div>
          </div>
        </div>
        <div className="mt-8 flex items-center justify-center gap-2">
          <RotationToggle paused={stopped} onToggle={() => setStopped((s) => !s)} label="testimonials" className="mr-2 text-slate-700 hover:bg-slate-100" />
          {testimonials.map((item, i) => (
            <button
              key={item.id}
              type="button"
              aria-label={`Go to testimonial ${i + 1}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => goTo(i)}
              className="group flex h-8 w-8 cursor-pointer items-center justify-center rounded-full"
            >
              <span className={cn('h-2.5 rounded-full transition-all', i === index ? 'w-8 bg-brand-600' : 'w-2.5 bg-slate-300 group-hover:bg-slate-400')} />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
