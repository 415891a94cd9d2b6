import { Clock, FileText, Globe2, Handshake, Languages, Network, Plane, type LucideIcon } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { BulletList } from './components/bullet-list';
import { ContentSection } from './components/content-section';
import { CtaPanel } from './components/cta-panel';
import { FeatureCard } from './components/feature-card';
import { internationalProgrammes, internationalSupport } from './international-programmes';

type ProgrammeId = (typeof internationalProgrammes)[number]['id'];

const programmeIcons: Record<ProgrammeId, LucideIcon> = {
  'cultural-integration': Handshake,
  'international-cv': FileText,
  'visa-support': Plane,
  'global-networking': Network,
};
const supportIcons: Record<(typeof internationalSupport)[number]['id'], LucideIcon> = { 'been-there': Globe2, 'time-zones': Clock, languages: Languages };

/**
 * /international-students: support, the 4 programmes and a mentor search (docs/product.md "Content and timings").
 * The button searches for "international students": experts whose profile says they mentor international students
 * come first (docs/product.md "Search and catalogue").
 */
export default function InternationalStudentsPage() {
  return (
    <>
      <PageHeader
        eyebrow="Studying or working abroad"
        title="International Students"
        lead="Moving to a new country to study is a big step, and finding work there is another. Our mentors help you understand the local job market, present your experience and build a network, one conversation at a time."
      />
      <ContentSection id="support" title="How we support you">
        <ul className="grid gap-6 md:grid-cols-3">
          {internationalSupport.map((item) => {
            const Icon = supportIcons[item.id];
            return (
              <li key={item.title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <Icon className="h-6 w-6 shrink-0 text-brand-700" aria-hidden />
                <div>
                  <h3 className="font-semibold text-slate-900">{item.title}</h3>
                  <p className="mt-1 leading-relaxed text-slate-700">{item.text}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </ContentSection>
      <ContentSection id="programmes" title="Our programmes" lead="Four programmes built around the questions international students ask us most." muted>
        <div className="grid gap-6 md:grid-cols-2">
          {internationalProgrammes.map((p) => (
            <FeatureCard key={p.id} icon={programmeIcons[p.id]} title={p.title} description={p.description}>
              <div className="mt-5 border-t border-slate-100 pt-5 text-slate-700">
                <BulletList items={p.points} />
              </div>
            </FeatureCard>
          ))}
        </div>
      </ContentSection>
      <CtaPanel
        id="find-mentor"
        title="Talk to someone who has made the move"
        text="Start with a free 15-minute intro with a mentor who knows what it is like to build a career far from home."
        actions={[{ label: 'Find an International Student Mentor', to: '/results?query=international%20students' }]}
      />
    </>
  );
}
