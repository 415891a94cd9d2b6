import { BenefitsSection } from './benefits-section';
import { ClosingCtaSection } from './closing-cta-section';
import { ExpertVideosSection } from './expert-videos-section';
import { FormatsSection } from './formats-section';
import { HeroSection } from './hero-section';
import { TestimonialsSection } from './testimonials-section';
import { TopicsSection } from './topics-section';

/** The landing page `/` (docs/product.md "Content and timings"); header and footer come from the app layout. */
export default function LandingPage() {
  return (
    <>
      <HeroSection />
      <BenefitsSection />
      <ExpertVideosSection />
      <TopicsSection />
      <FormatsSection />
      <TestimonialsSection />
      <ClosingCtaSection />
    </>
  );
}
