import { PageHeader } from '../../../components/page-header';
import { Accordion } from '../../../components/ui/accordion';
import type { Faq, Step } from '../content-types';
import { ContentSection } from './content-section';
import { CtaPanel } from './cta-panel';
import { StepsList } from './steps-list';

type FaqPageProps = {
  title: string;
  lead: string;
  steps: readonly Step[];
  faqs: readonly Faq[];
  cta: { title: string; text: string; label: string; to: string };
};

/**
 * Shared shape of the client and expert "How it works" pages: header, numbered steps,
 * the questions as a one-open-at-a-time accordion, and one closing call to action.
 */
export function FaqPage({ title, lead, steps, faqs, cta }: FaqPageProps) {
  return (
    <>
      <PageHeader eyebrow="How it works" title={title} lead={lead} />
      <ContentSection id="steps" title="Five simple steps">
        <StepsList steps={steps} />
      </ContentSection>
      <ContentSection id="faq" title="Frequently asked questions" muted narrow>
        <div className="rounded-2xl border border-slate-200 bg-white px-5 shadow-sm sm:px-8">
          <Accordion
            type="single"
            items={faqs.map((faq) => ({
              id: faq.id,
              title: faq.question,
              content: (
                <div className="space-y-3">
                  {faq.answer.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                </div>
              ),
            }))}
          />
        </div>
      </ContentSection>
      <CtaPanel id="faq-cta" title={cta.title} text={cta.text} actions={[{ label: cta.label, to: cta.to }]} />
    </>
  );
}
