import { Accordion } from '../../../components/ui/accordion';
import type { RuleSection } from '../content-types';
import { BulletList } from './bullet-list';

/** Titled rule or benefit sections as collapsible panels (h3 triggers); `multiple` lets several stay open. */
export function RuleAccordion({ sections, numbered }: { sections: readonly RuleSection[]; numbered?: boolean }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white px-5 shadow-sm sm:px-8">
      <Accordion
        type="multiple"
        items={sections.map((section, i) => ({
          id: section.id,
          title: (
            <span className="flex items-center gap-3">
              {numbered ? (
                <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-700" aria-hidden>
                  {i + 1}
                </span>
              ) : null}
              {section.title}
            </span>
          ),
          content: (
            <div className="space-y-4">
              <p className="font-medium text-slate-900">{section.summary}</p>
              <BulletList items={section.points} />
            </div>
          ),
        }))}
      />
    </div>
  );
}
