import { Compass, HeartHandshake, Lightbulb, Rocket } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { ContentSection } from './components/content-section';
import { CtaPanel } from './components/cta-panel';
import { FeatureGrid } from './components/feature-grid';

const offerings = [
  {
    icon: HeartHandshake,
    title: 'Meaningful Mentorship',
    description: 'One-to-one conversations with professionals who have walked the path you are on and want to help you succeed.',
  },
  { icon: Compass, title: 'Tailored Guidance', description: 'Advice shaped around your goals, your industry and where you are right now, not generic tips.' },
  { icon: Lightbulb, title: 'Real-World Insights', description: 'Learn how hiring, teams and careers really work from people doing the job today.' },
  { icon: Rocket, title: 'Career Acceleration', description: 'Prepare for interviews, sharpen your CV and make confident decisions sooner.' },
];

const facts = [
  { value: '15 min', label: 'free intro with every new expert' },
  { value: '26', label: 'areas of expertise' },
  { value: '72 h', label: 'to review every expert application' },
  { value: '24 h', label: 'to reply when you contact us' },
];

/** /about: mission, the four offerings and a way into the expert network (docs/product.md "Content and timings"). */
export default function AboutPage() {
  return (
    <>
      <PageHeader
        eyebrow="Connect to Experience"
        title="About the product"
        lead="Mentora is a marketplace for one-to-one mentoring. Students, graduates and early-career professionals book video sessions with vetted industry experts."
      />
      <section aria-labelledby="mission-title" className="py-14 sm:py-20">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 md:grid-cols-2 md:gap-16">
          <img
            src="/images/about-mentoring.svg"
            alt="Illustration of a mentor and a client talking on a video call"
            width={640}
            height={480}
            className="w-full rounded-2xl shadow-sm"
          />
          <div>
            <h2 id="mission-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              Our mission
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-700">
              Good career advice should not depend on who you happen to know. Our mission is to connect everyone starting out with the experience they need:
              people who have hired, built and led in the industries they want to join, available for an honest conversation whenever it helps.
            </p>
            <p className="mt-4 leading-relaxed text-slate-700">
              Every expert is vetted with a screening call before their profile goes live. Every new connection starts with a free 15-minute intro, and payments
              are held until you confirm your session took place.
            </p>
            <dl className="mt-8 grid grid-cols-2 gap-4">
              {facts.map((f) => (
                <div key={f.label} className="flex flex-col rounded-2xl bg-brand-50 p-4">
                  <dt className="text-sm text-slate-700">{f.label}</dt>
                  <dd className="order-first text-2xl font-bold text-brand-700">{f.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </section>
      <ContentSection id="offerings" title="What we offer" lead="Everything we build is about helping you take your next career step with confidence." muted>
        <FeatureGrid features={offerings} columns={4} />
      </ContentSection>
      <CtaPanel
        id="about-cta"
        title="Meet the experts"
        text="Browse professionals across 26 areas, from interview preparation to data science, and book your free intro."
        actions={[{ label: 'Find an Expert', to: '/results' }]}
      />
    </>
  );
}
