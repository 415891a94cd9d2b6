import { Building2, CheckCircle2, Reply, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { inboxKindLabels, inboxKinds, type InboxKind } from '@shared/admin';
import { messages } from '@shared/messages';
import type { InboxItem } from '@shared/schemas/admin';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { formatDateTime } from '../../lib/format';
import { useInbox } from './api/get-inbox';
import { useSetHandled } from './api/set-handled';
import { Pager, useParam, usePage } from '../../components/pager';
import { FilterLinks, ListState } from './console-parts';
import { ReplyDialog } from './reply-dialog';

const handledFilters = [
  { value: 'unhandled', label: 'To handle' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
] as const;

/** The team's replies under the message, oldest first. */
function Replies({ replies }: { replies: InboxItem['replies'] }) {
  if (!replies.length) return null;
  return (
    <ol aria-label="Replies" className="mt-4 space-y-2 border-l-2 border-brand-200 pl-4">
      {replies.map((r) => (
        <li key={r.id} className="text-sm">
          <p className="text-xs text-slate-600">{`${r.author ?? 'A former team member'} replied to ${r.toEmail} · ${formatDateTime(r.createdAt)}`}</p>
          <p className="mt-1 whitespace-pre-line break-words leading-relaxed text-slate-900">{r.body}</p>
        </li>
      ))}
    </ol>
  );
}

function Item({ item }: { item: InboxItem }) {
  const setHandled = useSetHandled();
  const [replying, setReplying] = useState(false);
  // The promise, not mutate's callbacks: the refreshed list no longer holds this item under its filter ('To handle'
  // or 'Handled'), so the item unmounts before the callbacks would run and TanStack Query drops them with the toast.
  const toggle = () =>
    setHandled.mutateAsync({ kind: item.kind, id: item.id, handled: !item.handledAt }).then(
      () => toast.success(item.handledAt ? 'Marked as not handled' : 'Marked as handled'),
      (err: Error) => toast.error(err.message),
    );
  const headingId = `inbox-${item.id}`;
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={headingId} className="font-semibold text-slate-900">
              {item.subject}
            </h3>
            <p className="mt-0.5 text-sm text-slate-700">
              {item.from.name ?? 'Anonymous visitor'}
              {item.from.email ? (
                <>
                  {' · '}
                  <a href={`mailto:${item.from.email}`} className="text-brand-700 underline-offset-2 hover:underline">
                    {item.from.email}
                  </a>
                </>
              ) : null}
            </p>
          </div>
          {item.handledAt ? <Badge tone="green">Handled</Badge> : <Badge tone="amber">To handle</Badge>}
        </div>
        <p className="mt-3 whitespace-pre-line break-words text-sm leading-relaxed text-slate-900">{item.body}</p>
        {item.facts.length ? (
          <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
            {item.facts.map((f) => (
              <div key={f.label} className="flex gap-1.5">
                <dt className="text-slate-600">{f.label}:</dt>
                <dd className="text-slate-900">{f.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <Replies replies={item.replies} />
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3">
          <p className="text-xs text-slate-500">
            Received {formatDateTime(item.createdAt)}
            {item.handledAt ? ` · Handled ${formatDateTime(item.handledAt)}` : ''}
          </p>
          <div className="flex flex-wrap gap-2">
            {item.from.email ? (
              <Button variant="outline" size="sm" onClick={() => setReplying(true)}>
                <Reply className="h-4 w-4" aria-hidden />
                Reply by E-mail
              </Button>
            ) : (
              <p className="self-center text-xs text-slate-600">{messages.admin.replyNoAddress}</p>
            )}
            {item.kind === 'partner' ? (
              // The new organisation keeps the link to this enquiry (docs/product.md "Partners").
              <Button asChild variant="outline" size="sm">
                <Link
                  to={`/admin/organisations?${new URLSearchParams({ enquiry: item.id, ...(item.from.email ? { email: item.from.email } : {}) }).toString()}`}
                >
                  <Building2 className="h-4 w-4" aria-hidden />
                  Create organisation
                </Link>
              </Button>
            ) : null}
            <Button variant={item.handledAt ? 'outline' : 'secondary'} size="sm" disabled={setHandled.isPending} onClick={toggle}>
              {item.handledAt ? <RotateCcw className="h-4 w-4" aria-hidden /> : <CheckCircle2 className="h-4 w-4" aria-hidden />}
              {item.handledAt ? 'Mark Not Handled' : 'Mark Handled'}
            </Button>
          </div>
        </div>
        {item.from.email ? <ReplyDialog item={item} open={replying} onOpenChange={setReplying} /> : null}
      </article>
    </li>
  );
}

/** /admin/inbox (docs/product.md "Team console"): contact messages, partner enquiries, match requests and private feedback. */
export default function InboxPage() {
  const [rawKind] = useParam('kind', 'contact');
  const kind: InboxKind = (inboxKinds as readonly string[]).includes(rawKind) ? (rawKind as InboxKind) : 'contact';
  const [handled] = useParam('handled', 'unhandled');
  const [page] = usePage();
  const query = useInbox(kind, handled, page);
  const data = query.data;
  const kindOptions = inboxKinds.map((k) => ({
    value: k,
    label: (
      <>
        {inboxKindLabels[k]}
        {data?.unhandled[k] ? (
          <span className="rounded-full bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">
            {data.unhandled[k]}
            <span className="sr-only"> to handle</span>
          </span>
        ) : null}
      </>
    ),
  }));
  return (
    <section aria-labelledby="inbox-title" className="space-y-5">
      <h2 id="inbox-title" className="text-xl font-semibold text-slate-900">
        Inbox
      </h2>
      <FilterLinks label="Inbox" name="kind" options={kindOptions} fallback="contact" />
      <FilterLinks label="Handled or not" name="handled" options={handledFilters} fallback="unhandled" />
      <ListState query={query} empty={data?.items.length === 0} pager={data ? <Pager page={data.page} pageSize={data.pageSize} total={data.total} /> : null}>
        <ul className="space-y-3">
          {data?.items.map((item) => (
            <Item key={`${item.kind}-${item.id}`} item={item} />
          ))}
        </ul>
      </ListState>
    </section>
  );
}
