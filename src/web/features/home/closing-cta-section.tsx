import { CtaLink } from './cta-link';

/** Closing calls to action: find an expert or become one. */
export function ClosingCtaSection() {
  return (
    <section aria-labelledby="closing-title" className="px-4 pb-20 pt-4 sm:pb-28">
      <div className="relative isolate mx-auto max-w-7xl overflow-hidden rounded-[2rem] bg-gradient-to-br from-brand-600 via-brand-700 to-violet-700 px-6 py-16 text-center shadow-2xl shadow-brand-700/20 sm:px-12 sm:py-20">
        <div aria-hidden className="absolute -right-24 -top-24 -z-10 h-72 w-72 rounded-full bg-white/10 blur-2xl" />
        <div aria-hidden className="absolute -bottom-28 -left-20 -z-10 h-72 w-72 rounded-full bg-violet-400/20 blur-2xl" />
        <h2 id="closing-title" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-5xl">
          Ready to take the next step?
        </h2>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-indigo-100">
          Find the expert who can help you get there, or share your own experience and mentor the next generation of professionals.
        </p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <CtaLink to="/results" tone="inverse" arrow>
            Find an Expert
          </CtaLink>
          <CtaLink to="/expert/application-landing" tone="ghostInverse">
            Become an Expert
          </CtaLink>
        </div>
      </div>
    </section>
  );
}
