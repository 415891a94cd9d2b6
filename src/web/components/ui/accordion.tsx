import { ChevronDown } from 'lucide-react';
import { Accordion as A } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type AccordionItem = { id: string; title: ReactNode; content: ReactNode };

/**
 * Collapsible sections following the WAI-ARIA accordion pattern. `single` keeps one open at a time
 * (docs/product.md "Content and timings"); `multiple` lets several stay open.
 */
export function Accordion({
  items,
  type = 'single',
  className,
  headingLevel = 3,
}: {
  items: AccordionItem[];
  type?: 'single' | 'multiple';
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const body = items.map((item) => (
    <A.Item key={item.id} value={item.id} className="border-b border-slate-200 last:border-b-0">
      <A.Header asChild>
        <Heading className="m-0">
          <A.Trigger className="group flex w-full cursor-pointer items-center justify-between gap-4 py-4 text-left text-base font-semibold text-slate-900 hover:text-brand-700">
            {item.title}
            <ChevronDown aria-hidden className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180" />
          </A.Trigger>
        </Heading>
      </A.Header>
      <A.Content className="pb-4 text-slate-700 leading-relaxed">{item.content}</A.Content>
    </A.Item>
  ));
  return type === 'single' ? (
    <A.Root type="single" collapsible className={cn('w-full', className)}>
      {body}
    </A.Root>
  ) : (
    <A.Root type="multiple" className={cn('w-full', className)}>
      {body}
    </A.Root>
  );
}
