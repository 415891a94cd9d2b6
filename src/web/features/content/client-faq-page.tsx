import { clientFaqs, clientSteps } from './client-faqs';
import { FaqPage } from './components/faq-page';

/** /how-it-works/client: how booking works and 13 client questions (docs/product.md "Content and timings"). */
export default function ClientFaqPage() {
  return (
    <FaqPage
      title="How Mentora works for clients"
      lead="Book one-to-one video sessions with vetted industry experts. Your first 15 minutes with each new expert are free, and you only release payment once your session has taken place."
      steps={clientSteps}
      faqs={clientFaqs}
      cta={{
        title: 'Ready to talk to someone who has done it?',
        text: 'Tell us what you are working towards and we will help you find the right expert.',
        label: 'Find an expert',
        to: '/search',
      }}
    />
  );
}
