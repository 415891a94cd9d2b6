/**
 * What a server-rendered page says about itself besides its markup (docs/product.md "Pages people can find and
 * share"): its HTTP status (404 for an unknown address, expert or workshop), its meta description and canonical URL,
 * the Open Graph and Twitter card tags a shared link is previewed from, and its schema.org data
 * (structured-data.ts). Pure: src/web/entry-server.tsx gives it the page's reads, src/server/http/page-render.ts
 * writes it into the HTML, escaped.
 */
import type { Thing, WithContext } from 'schema-dts';
import type { ExpertProfile } from '@shared/schemas/experts';
import type { WorkshopView } from '@shared/schemas/workshops';
import { expertData, organizationData, siteName, workshopData } from './structured-data';

export type PageHead = {
  status: 200 | 404;
  description: string;
  /** Absolute; null on a page search engines should not list (noindex). */
  canonicalUrl: string | null;
  /** Open Graph tags (`property="og:…"`) and Twitter card tags (`name="twitter:…"`). */
  meta: { attribute: 'property' | 'name'; key: string; content: string }[];
  jsonLd: WithContext<Thing>[];
};

/** What the page read: the route's path pattern, the page's own path, and the expert or workshop it shows. */
export type PageReads = {
  route: string;
  pathname: string;
  /** The page's title as in `<title>`, without ' · Mentora'. */
  title: string;
  /** The profile of /expert/:id: null when no published expert has that address. */
  expert?: ExpertProfile | null;
  /** The workshop of /workshops/:id (null: unknown) and its host's profile, for the photo. */
  workshop?: WorkshopView | null;
  host?: ExpertProfile | null;
};

const siteDescription = 'Mentora — Connect to Experience. Book one-to-one video sessions with industry experts.';

/** Each public page's own description, by route (at most about 160 characters, what search results show). */
const descriptions: Record<string, string> = {
  '/': siteDescription,
  '/results': 'Find an industry expert by skill, field, language and hourly rate, with ratings from their clients, and book a one-to-one video session.',
  '/about': 'Why Mentora exists: good career advice should not depend on who you know. Meet people who have hired, built and led in your field.',
  '/community-guidelines': 'The rules every Mentora client and expert agrees to, in profiles, messages and sessions.',
  '/workshops': 'Live small-group workshops led by Mentora experts: see what is coming up and book a seat.',
  '/how-it-works/client':
    'How booking works on Mentora: a free first 15 minutes with each new expert, and payment released only once your session has taken place.',
  '/how-it-works/expert':
    'How mentoring on Mentora works: set your own rates, hours and cancellation policy; we bring the clients, video sessions and payment.',
  '/partner/university': 'University partnerships: one-to-one access to industry experts for your students, alongside your careers service.',
  '/partner/recruitment': 'Recruitment partnerships: prepare candidates with one-to-one sessions with industry experts and strengthen placements.',
  '/international-students': 'Mentors who help international students understand the local job market, present their experience and build a network.',
};

/** At most `max` characters of `text` on one line, cut at a word with '…'. */
function excerpt(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** `path` on the site, absolute (an image the API gives as '/avatars/…' or a full URL). */
const absolute = (baseUrl: string, path: string) => new URL(path, `${baseUrl}/`).href;

/** The page's head for `reads`, on a site at `baseUrl` (BASE_URL, no trailing slash). */
export function pageHead(baseUrl: string, reads: PageReads): PageHead {
  const path = reads.pathname.replace(/\/+$/, '') || '/';
  const notFound = (description: string): PageHead => ({ status: 404, description, canonicalUrl: null, meta: [], jsonLd: [] });
  if (reads.route === '*') return notFound('This page does not exist or has moved.');

  let description = descriptions[reads.route] ?? siteDescription;
  let canonicalUrl: string | null = `${baseUrl}${path === '/' ? '/' : path}`;
  let type = 'website';
  let image: string | undefined;
  const jsonLd: WithContext<Thing>[] = [];
  if (reads.route === '/' || reads.route === '/about') jsonLd.push(organizationData(baseUrl));

  // null: the API said the expert or workshop does not exist; undefined: the read failed, the page says so itself.
  if (reads.route === '/expert/:id' && reads.expert === null) return notFound('No published expert has this address.');
  if (reads.route === '/workshops/:id' && reads.workshop === null) return notFound('No workshop has this address.');

  const expert = reads.route === '/expert/:id' ? reads.expert : undefined;
  if (expert) {
    // One address per expert: a profile opened by its uuid names the slug's.
    canonicalUrl = `${baseUrl}/expert/${encodeURIComponent(expert.slug)}`;
    description = excerpt(`${expert.name}, ${expert.role}. ${expert.about}`);
    type = 'profile';
    image = expert.imageUrl ? absolute(baseUrl, expert.imageUrl) : undefined;
    jsonLd.push(expertData(expert, canonicalUrl, image));
  }

  const workshop = reads.route === '/workshops/:id' ? reads.workshop : undefined;
  if (workshop) {
    description = excerpt(`A live workshop with ${workshop.expert.name}, ${workshop.expert.role}. ${workshop.description}`);
    image = reads.host?.imageUrl ? absolute(baseUrl, reads.host.imageUrl) : undefined;
    jsonLd.push(workshopData(workshop, canonicalUrl, `${baseUrl}/expert/${encodeURIComponent(workshop.expert.slug)}`, image, baseUrl));
    // A draft reaches only its own expert: never listed.
    if (workshop.status === 'draft') canonicalUrl = null;
  }

  const title = reads.title;
  const meta: PageHead['meta'] = [
    { attribute: 'property', key: 'og:site_name', content: siteName },
    { attribute: 'property', key: 'og:type', content: type },
    { attribute: 'property', key: 'og:title', content: title },
    { attribute: 'property', key: 'og:description', content: description },
    ...(canonicalUrl ? [{ attribute: 'property' as const, key: 'og:url', content: canonicalUrl }] : []),
    ...(image ? [{ attribute: 'property' as const, key: 'og:image', content: image }] : []),
    // A square photo: the small card, picture beside the text.
    { attribute: 'name', key: 'twitter:card', content: 'summary' },
    { attribute: 'name', key: 'twitter:title', content: title },
    { attribute: 'name', key: 'twitter:description', content: description },
    ...(image ? [{ attribute: 'name' as const, key: 'twitter:image', content: image }] : []),
  ];
  return { status: 200, description, canonicalUrl, meta, jsonLd };
}
