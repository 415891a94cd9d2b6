import { BadgeCheck, GraduationCap, MessageSquareLock, StarOff } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { guidelineSections } from './community-guidelines';
import { ContentSection } from './components/content-section';
import { CtaPanel } from './components/cta-panel';
import { FeatureGrid } from './components/feature-grid';
import { RuleAccordion } from './components/rule-accordion';

const keyRules = [
  {
    icon: MessageSquareLock,
    title: 'Stay on the platform',
    description: 'No payments or contact outside Mentora. It keeps your money protected and disputes fair.',
  },
  { icon: StarOff, title: 'Honest reviews only', description: 'No fake, bought or swapped reviews. Ratings come only from real sessions.' },
  {
    icon: BadgeCheck,
    title: 'Licensed advice, verified',
    description: 'Legal, financial, medical and similar advice only from experts whose licence we have verified.',
  },
  { icon: GraduationCap, title: 'No academic dishonesty', description: 'Coaching and feedback, yes. Writing assignments or sitting exams for someone, never.' },
];

/** /community-guidelines: the rules everyone on Mentora follows, in 8 collapsible sections. */
export default function CommunityGuidelinesPage() {
  return (
    <>
      <PageHeader
        eyebrow="Trust and safety"
        title="Community Guidelines"
        lead="Mentora is a professional community of adults who want to learn from each other. These guidelines apply to every client and expert, in profiles, messages and sessions."
      />
      <ContentSection id="key-rules" title="The rules at a glance" lead="Four rules that come up most often. The full guidelines below explain each one.">
        <FeatureGrid features={keyRules} columns={4} />
      </ContentSection>
      <ContentSection
        id="guidelines"
        title="Our guidelines in full"
        lead="Open any section to read its rules. Several sections can be open at once."
        muted
        narrow
      >
        <RuleAccordion sections={guidelineSections} numbered />
      </ContentSection>
      <CtaPanel
        id="report"
        title="Seen something that breaks these rules?"
        text="Tell us. Our team reads every report and replies within 24 hours."
        actions={[{ label: 'Contact our team', to: '/contact' }]}
      />
    </>
  );
}
