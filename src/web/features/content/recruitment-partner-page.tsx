import { Briefcase, CalendarDays, Compass, UserCheck } from 'lucide-react';
import { partnersEmail } from '@shared/constants';
import { PageHeader } from '../../components/page-header';
import { ContentSection } from './components/content-section';
import { CtaPanel } from './components/cta-panel';
import { FeatureGrid } from './components/feature-grid';

const benefits = [
  {
    icon: UserCheck,
    title: 'Interview-ready candidates',
    description: 'Give shortlisted candidates a mock interview or CV review with an expert from the hiring industry before they meet your client.',
  },
  {
    icon: Compass,
    title: 'Support for career changers',
    description: 'Help strong candidates moving between industries understand the role, the language and what employers expect.',
  },
  {
    icon: Briefcase,
    title: 'Industry insight on demand',
    description: 'Connect your consultants with senior practitioners for a quick read on a specialist role or market.',
  },
  {
    icon: CalendarDays,
    title: 'Co-hosted events',
    description: 'Run career clinics and talent events with our experts to meet engaged, motivated job seekers.',
  },
];

const mailto = `mailto:${partnersEmail}?subject=${encodeURIComponent('Recruitment partnership with Mentora')}`;

/** /partner/recruitment: why recruitment agencies work with Mentora; contact is by e-mail only. */
export default function RecruitmentPartnerPage() {
  return (
    <>
      <PageHeader
        eyebrow="Partners"
        title="For recruitment agencies"
        lead="Mentora connects job seekers with industry experts for one-to-one video sessions. Recruitment agencies use it to prepare candidates and strengthen placements."
      />
      <ContentSection id="benefits" title="How agencies work with us" muted>
        <FeatureGrid features={benefits} columns={4} />
      </ContentSection>
      <CtaPanel
        id="contact"
        title="Let’s talk about a partnership"
        text={`Send us a short note about your agency and the sectors you recruit for. Our partnerships team will reply from ${partnersEmail}.`}
        actions={[{ label: 'Get in Touch', href: mailto }]}
      />
    </>
  );
}
