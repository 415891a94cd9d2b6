import { expertFaqs, expertSteps } from './expert-faqs';
import { FaqPage } from './components/faq-page';

/** /how-it-works/expert: how mentoring works and 15 expert questions (docs/product.md "Content and timings"). */
export default function ExpertFaqPage() {
  return (
    <FaqPage
      title="How Mentora works for experts"
      lead="Share what you know with people starting out. You set your own rates, hours and cancellation policy; we bring the clients, the video sessions and secure payment."
      steps={expertSteps}
      faqs={expertFaqs}
      cta={{
        title: 'Ready to mentor?',
        text: 'The application takes a few minutes and we reply within 72 hours.',
        label: 'Become an expert',
        to: '/expert/application',
      }}
    />
  );
}
