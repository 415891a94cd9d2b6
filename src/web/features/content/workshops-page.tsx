import { Construction, HandCoins, MessagesSquare, Mic, Network, Route, ScrollText, Users, Video, Wallet } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { Badge } from '../../components/ui/badge';
import { ContentSection } from './components/content-section';
import { CtaPanel } from './components/cta-panel';
import { FeatureGrid } from './components/feature-grid';

const plans = [
  { icon: Users, title: 'Small groups', description: 'Interactive sessions with a handful of participants, so everyone can ask questions and practise.' },
  { icon: Video, title: 'Live by video', description: 'Join from anywhere. Each workshop is led by a vetted expert from the field it covers.' },
  {
    icon: Wallet,
    title: 'From $10-15 per session',
    description: 'Planned group pricing starts at $10-15 per person, or AUD 10-20 where a university subsidises places.',
  },
];

const topics = [
  { icon: ScrollText, title: 'CVs and LinkedIn', description: 'Shape your experience into a CV and profile that get past the first screen.' },
  { icon: MessagesSquare, title: 'Interview practice', description: 'Common questions, strong answers, and live practice with feedback from the group.' },
  { icon: Route, title: 'Changing careers', description: 'Map transferable skills and plan a realistic route into a new industry.' },
  { icon: HandCoins, title: 'Salary negotiation', description: 'Research your worth and practise asking for it with confidence.' },
  { icon: Network, title: 'Networking', description: 'Reach out to people you do not know yet, and turn conversations into opportunities.' },
  { icon: Mic, title: 'Public speaking', description: 'Structure a presentation and deliver it clearly, in person or on screen.' },
];

/** /workshops: the planned group workshops, marked beta and coming soon (docs/product.md "Content and timings"). */
export default function WorkshopsPage() {
  return (
    <>
      <PageHeader
        eyebrow={
          <span className="flex flex-wrap items-center justify-center gap-2 normal-case tracking-normal">
            <Badge tone="brand" className="px-3 py-1 text-sm ring-1 ring-brand-200">
              Beta
            </Badge>
            <Badge tone="amber" className="px-3 py-1 text-sm ring-1 ring-amber-200">
              Under construction
            </Badge>
            <Badge tone="neutral" className="px-3 py-1 text-sm ring-1 ring-slate-200">
              Coming soon
            </Badge>
          </span>
        }
        title="Career Development Workshops"
        lead="Live group sessions led by our experts, at a fraction of the cost of one-to-one mentoring. We are building them now; register your interest to hear first when they open."
      />
      <ContentSection id="plans" title="What we are planning">
        <FeatureGrid features={plans} columns={3} />
        <p className="mx-auto mt-8 flex max-w-2xl items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
          <Construction className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <span>Workshops are not bookable yet. Dates, prices and topics may change before launch.</span>
        </p>
      </ContentSection>
      <ContentSection id="topics" title="What the workshops will cover" lead="The first programme focuses on the skills our clients ask about most." muted>
        <FeatureGrid features={topics} columns={3} />
      </ContentSection>
      <CtaPanel
        id="interest"
        title="Want a place in the first workshops?"
        text="Register your interest and we will let you know when dates open. Need help sooner? One-to-one sessions with our experts are available today."
        actions={[
          { label: 'Register your interest', to: '/contact' },
          { label: 'Find an Expert', to: '/results' },
        ]}
      />
    </>
  );
}
