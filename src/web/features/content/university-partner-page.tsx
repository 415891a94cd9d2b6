import { PageHeader } from '../../components/page-header';
import { ContentSection } from './components/content-section';
import { CtaPanel } from './components/cta-panel';
import { RuleAccordion } from './components/rule-accordion';
import { StepsList } from './components/steps-list';
import { universityBenefits } from './university-benefits';

const partnershipSteps = [
  { title: 'Tell us your goals', text: 'Share your student groups, priorities and timeline through our short partner enquiry.' },
  {
    title: 'Set up your organisation',
    text: 'We create your university’s account and invite its managers, who fund it and create its programmes at /partner.',
  },
  { title: 'Launch and review', text: 'Students join and book; you follow the live report, and we review the results together at the end of each term.' },
];

/** /partner/university: what universities get from a partnership, in 5 collapsible sections. */
export default function UniversityPartnerPage() {
  return (
    <>
      <PageHeader
        eyebrow="For universities"
        title="Partner with Mentora"
        lead="Give your students one-to-one access to industry experts, alongside your careers service: credit your students book with, access codes, sponsored workshops and clear reporting, designed around your calendar."
      />
      <ContentSection
        id="benefits"
        title="What a partnership includes"
        lead="Combine the options that fit your institution. Open a section to see the details."
        muted
        narrow
      >
        <RuleAccordion sections={universityBenefits} />
      </ContentSection>
      <ContentSection id="how" title="How we get started">
        <StepsList steps={partnershipSteps} />
      </ContentSection>
      <CtaPanel
        id="partner-cta"
        title="Let’s support your students together"
        text="Tell us about your institution and what you want to achieve. Our partnerships team will be in touch."
        actions={[{ label: 'Partner with us', to: '/how-it-works/partner' }]}
      />
    </>
  );
}
