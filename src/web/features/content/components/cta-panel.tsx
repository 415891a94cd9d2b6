import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';

/** A call-to-action link: an in-app route (`to`) or an external address such as a mailto (`href`). */
export type CtaAction = { label: string } & ({ to: string; href?: never } | { href: string; to?: never });

/**
 * The closing call to action of a content page: an indigo panel with an h2, a line of text and its
 * actions as button-styled links; the first action is the primary one (white), the others outlined.
 */
export function CtaPanel({ id, title, text, actions }: { id: string; title: string; text: string; actions: readonly CtaAction[] }) {
  return (
    <section aria-labelledby={`${id}-title`} className="px-4 py-14 sm:py-20">
      <div className="mx-auto max-w-5xl rounded-2xl bg-brand-700 px-6 py-12 text-center shadow-lg sm:px-12">
        <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
          {title}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-brand-50">{text}</p>
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          {actions.map((action, i) => (
            <Button
              key={action.label}
              asChild
              size="lg"
              variant={i === 0 ? 'default' : 'outline'}
              className={i === 0 ? 'bg-white text-brand-700 hover:bg-brand-50' : 'border-white/80 bg-transparent text-white hover:bg-white/10'}
            >
              {action.to ? <Link to={action.to}>{action.label}</Link> : <a href={action.href}>{action.label}</a>}
            </Button>
          ))}
        </div>
      </div>
    </section>
  );
}
