/**
 * Pages people can find and share (docs/product.md "Pages people can find and share"): unknown addresses, experts
 * and workshops answer 404 with the not-found page; each public page has its own description and canonical URL;
 * profiles and workshops carry Open Graph and Twitter card tags and schema.org data; robots.txt names sitemap.xml,
 * which lists the public pages, published experts and upcoming workshops and follows every write.
 *
 * The HTML is read with htmlparser2 (maintained, the parser under cheerio; the JSON-LD extractors on npm,
 * web-auto-extractor and microdata-node, sit on htmlparser2 3–4 and have not been kept up): every
 * `<script type="application/ld+json">` is parsed as JSON and checked against schema.org's vocabulary as the
 * schema-dts types name it. The sitemap is read with fast-xml-parser, not the package that wrote it.
 * Needs the web build (`npm run build`), as `npm test` makes.
 */
import { XMLParser } from 'fast-xml-parser';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { DomUtils, parseDocument } from 'htmlparser2';
import { eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import type { Event, Offer, Organization, Person, Service } from 'schema-dts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experts } from '../../src/server/db/schema.js';
import { loadConfig } from '../../src/server/config.js';
import { errorAnswers } from '../../src/server/http/error-answers.js';
import { sitemapRoutes } from '../../src/server/modules/sitemap/routes.js';
import { listedPages } from '../../src/shared/public-pages.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createExpert } from '../helpers/marketplace.js';

/** The test app's BASE_URL (tests/helpers/app.ts), whose origin the helpers sign in from. */
const base = 'http://localhost:3000';
const origin = base;

/** What a page says about itself in its head: description, canonical, robots, og:/twitter: tags, JSON-LD objects. */
function head(html: string) {
  const doc = parseDocument(html);
  const elements = DomUtils.getElementsByTagName(() => true, doc.children, true);
  const metas = elements.filter((e) => e.name === 'meta');
  const meta = (attribute: 'name' | 'property', key: string) => metas.filter((m) => m.attribs[attribute] === key).map((m) => m.attribs.content);
  return {
    description: meta('name', 'description'),
    robots: meta('name', 'robots'),
    canonical: elements.filter((e) => e.name === 'link' && e.attribs.rel === 'canonical').map((e) => e.attribs.href),
    og: (key: string) => meta('property', `og:${key}`),
    twitter: (key: string) => meta('name', `twitter:${key}`),
    jsonLd: elements
      .filter((e) => e.name === 'script' && e.attribs.type === 'application/ld+json')
      .map((e) => JSON.parse(DomUtils.textContent(e)) as Record<string, unknown>),
  };
}

type Sitemap = { urlset: { url: { loc: string; lastmod?: string }[] } };
type SitemapIndex = { sitemapindex: { sitemap: { loc: string }[] } };
const xml = new XMLParser({ isArray: (name) => name === 'url' || name === 'sitemap' });

describe('pages people can find and share', () => {
  let ctx: TestContext;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let host: Awaited<ReturnType<typeof createExpert>>;
  const get = (url: string) => ctx.app.inject(url);
  const write = (method: 'POST' | 'PUT', url: string, cookie: string, payload: object) =>
    ctx.app.inject({ method, url, headers: { origin, cookie, 'content-type': 'application/json' }, payload });
  const sitemapLocs = async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    return (xml.parse(res.body) as Sitemap).urlset.url;
  };
  let daysAhead = 5;
  /** A workshop of the host's, each on a day of its own (an expert's workshops may not overlap). */
  const newWorkshop = async (title: string, publish: boolean) => {
    const day = new Date(Date.now() + ++daysAhead * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Vancouver' });
    const created = await write('POST', '/api/me/workshops', host.cookie, {
      title,
      description: 'Portfolio reviews in a small group.',
      topic: 'Graphics & Design',
      startsAtLocal: `${day}T09:00`,
      durationMinutes: 60,
      capacity: 8,
      priceCents: 4500,
      minAttendance: null,
      publish,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { id: string; startsAt: string; endsAt: string };
  };

  beforeAll(async () => {
    if (!existsSync('dist/ssr/entry-server.js')) throw new Error('dist/ssr/entry-server.js is missing: run `npm run build` first');
    ctx = await createTestApp();
    expert = await createExpert(ctx, { email: 'shared-expert@example.com', slug: 'shared-expert', rateCents: 12_050 });
    host = await createExpert(ctx, { email: 'workshop-host@example.com', slug: 'workshop-host' });
    await ctx.database.db
      .update(experts)
      .set({ ratingAvg: '4.50', reviewCount: 2, imageUrl: '/avatars/grace-kim.svg' })
      .where(eq(experts.id, expert.expert.id));
    await ctx.database.db.update(experts).set({ imageUrl: '/avatars/james-okafor.svg' }).where(eq(experts.id, host.expert.id));
    await ctx.app.changeFeed.sync();
  });
  afterAll(() => ctx?.close());

  it('an unknown address, expert or workshop answers 404 with the not-found page, kept out of search results', async () => {
    const page = await get('/no-such-page');
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('Oops! Page not found');
    expect(head(page.body).robots).toEqual(['noindex']);
    expect(head(page.body).canonical).toEqual([]);
    expect((await get('/admin-console/nothing')).statusCode).toBe(404);

    const nobody = await get('/expert/nobody-here');
    expect(nobody.statusCode).toBe(404);
    expect(nobody.body).toContain('Expert Not Found');
    expect(head(nobody.body).robots).toEqual(['noindex']);

    expect((await get('/workshops/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/workshops/not-a-workshop')).statusCode).toBe(404);

    for (const known of ['/', '/about', '/expert/shared-expert']) expect((await get(known)).statusCode, known).toBe(200);
  });

  it('each public page has its own description and its canonical URL on BASE_URL', async () => {
    const descriptions = new Set<string>();
    for (const path of listedPages) {
      const res = await get(`${path}${path === '/results' ? '?query=design' : ''}`);
      expect(res.statusCode, path).toBe(200);
      const tags = head(res.body);
      expect(tags.description, path).toHaveLength(1);
      expect(tags.description[0]!.length, path).toBeLessThanOrEqual(160);
      descriptions.add(tags.description[0]!);
      // The address without its query: one canonical page per listing.
      expect(tags.canonical, path).toEqual([`${base}${path}`]);
      expect(tags.og('url'), path).toEqual([`${base}${path}`]);
    }
    expect(descriptions.size).toBe(listedPages.length);
  });

  it('the landing page names the site as an Organization', async () => {
    const [organization] = head((await get('/')).body).jsonLd as unknown as Organization[];
    expect(organization).toMatchObject({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Mentora', url: `${base}/` });
  });

  it("a profile previews with the expert's name, headline and photo, and describes the Person, their session's Offer and rating", async () => {
    // Opened by uuid, the profile still names its one address, the slug's.
    for (const key of ['shared-expert', expert.expert.id]) {
      const tags = head((await get(`/expert/${key}`)).body);
      const url = `${base}/expert/shared-expert`;
      expect(tags.canonical).toEqual([url]);
      expect(tags.description).toEqual(['Erin Expert, Staff Engineer. Helps people grow.']);
      expect(tags.og('title')).toEqual(['Erin Expert, Staff Engineer']);
      expect(tags.og('type')).toEqual(['profile']);
      expect(tags.og('image')).toEqual([`${base}/avatars/grace-kim.svg`]);
      expect(tags.twitter('card')).toEqual(['summary']);
      expect(tags.twitter('title')).toEqual(['Erin Expert, Staff Engineer']);
      expect(tags.twitter('image')).toEqual([`${base}/avatars/grace-kim.svg`]);

      expect(tags.jsonLd).toHaveLength(1);
      const person = tags.jsonLd[0] as unknown as Exclude<Person, string>;
      expect(person).toMatchObject({ '@context': 'https://schema.org', '@type': 'Person', name: 'Erin Expert', jobTitle: 'Staff Engineer', url });
      expect(person.image).toBe(`${base}/avatars/grace-kim.svg`);
      const offer = person.makesOffer as Exclude<Offer, string>;
      expect(offer).toMatchObject({ '@type': 'Offer', price: '120.50', priceCurrency: 'USD' });
      expect(offer.priceSpecification).toMatchObject({ '@type': 'UnitPriceSpecification', price: '120.50', unitCode: 'HUR' });
      const service = offer.itemOffered as Exclude<Service, string>;
      expect(service['@type']).toBe('Service');
      expect(service.provider).toEqual({ '@id': person['@id'] });
      expect(service.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 });
    }
  });

  it('an expert without reviews has no rating in the data', async () => {
    const [person] = head((await get('/expert/workshop-host')).body).jsonLd as unknown as Exclude<Person, string>[];
    const service = (person!.makesOffer as Exclude<Offer, string>).itemOffered as Exclude<Service, string>;
    expect(service.aggregateRating).toBeUndefined();
  });

  it("a hostile headline stays text: it cannot close the data's script element, and the data still reads it exactly", async () => {
    const headline = '</script><script>alert(1)</script><!-- $& $\' " &';
    const hostile = await createExpert(ctx, { email: 'hostile-expert@example.com', slug: 'hostile-expert' });
    // Written as the profile editor saves it: a headline and about text are any single line and any text.
    await ctx.database.db
      .update(experts)
      .set({ role: headline, about: 'Helps people grow. </script><img src=x onerror=alert(2)>' })
      .where(eq(experts.id, hostile.expert.id));
    await ctx.app.changeFeed.sync();
    const res = await get('/expert/hostile-expert');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<img src=x');
    const tags = head(res.body);
    const [person] = tags.jsonLd as unknown as Exclude<Person, string>[];
    expect(person!.jobTitle).toBe(headline);
    expect(person!.description).toBe('Helps people grow. </script><img src=x onerror=alert(2)>');
    expect(tags.og('title')).toEqual([`Erin Expert, ${headline}`]);
    // Exactly the page's own data scripts: nothing the headline opened.
    expect(DomUtils.getElementsByTagName('script', parseDocument(res.body).children, true)).toHaveLength(3);
  });

  it("a workshop previews with its title and its host's photo, and describes an online Event with its seat's Offer", async () => {
    const workshop = await newWorkshop('Portfolio review for designers', true);
    const res = await get(`/workshops/${workshop.id}`);
    expect(res.statusCode).toBe(200);
    const tags = head(res.body);
    const url = `${base}/workshops/${workshop.id}`;
    expect(tags.canonical).toEqual([url]);
    expect(tags.og('title')).toEqual(['Portfolio review for designers']);
    expect(tags.og('image')).toEqual([`${base}/avatars/james-okafor.svg`]);
    expect(tags.twitter('image')).toEqual([`${base}/avatars/james-okafor.svg`]);
    expect(tags.description[0]).toBe('A live workshop with Erin Expert, Staff Engineer. Portfolio reviews in a small group.');
    const [event] = tags.jsonLd as unknown as Exclude<Event, string>[];
    expect(event).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Portfolio review for designers',
      startDate: workshop.startsAt,
      endDate: workshop.endsAt,
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', url },
      organizer: { '@type': 'Organization', name: 'Mentora' },
      performer: { '@type': 'Person', name: 'Erin Expert', url: `${base}/expert/workshop-host` },
      offers: { '@type': 'Offer', price: '45.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      maximumAttendeeCapacity: 8,
      remainingAttendeeCapacity: 8,
    });

    const cancelled = await write('POST', `/api/me/workshops/${workshop.id}/cancel`, host.cookie, { reason: 'The host is unwell.' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [after] = head((await get(`/workshops/${workshop.id}`)).body).jsonLd as unknown as Exclude<Event, string>[];
    expect(after!.eventStatus).toBe('https://schema.org/EventCancelled');
  });

  it("a workshop's page names the workshop in its title and says its cancellation terms and minimum attendance before a seat is paid", async () => {
    const day = new Date(Date.now() + ++daysAhead * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Vancouver' });
    const created = await write('POST', '/api/me/workshops', host.cookie, {
      title: 'Salary negotiation clinic',
      description: 'Practise the conversation.',
      topic: 'Graphics & Design',
      startsAtLocal: `${day}T10:00`,
      durationMinutes: 60,
      capacity: 8,
      priceCents: 2500,
      minAttendance: 3,
      publish: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const res = await get(`/workshops/${(created.json() as { id: string }).id}`);
    expect(res.statusCode).toBe(200);
    const doc = parseDocument(res.body);
    const text = (name: string) => DomUtils.getElementsByTagName(name, doc.children, true).map((e) => DomUtils.textContent(e));
    expect(text('title')).toEqual(['Salary negotiation clinic · Mentora']);
    const terms = text('li').join('\n');
    // The host's flexible policy, kept by a seat booked now.
    expect(terms).toContain('Cancel your seat up to 24 hours before the start for a full refund, 50% after. If the expert cancels, you are refunded in full.');
    expect(terms).toContain('if fewer seats are booked 24 hours before the start, it is cancelled and every attendee is refunded in full');
    expect(terms).toContain('Your payment is held until the workshop has taken place');
  });

  it("the footer links Mentora's own social accounts when SOCIAL_LINKS names them, and none otherwise", async () => {
    const links = (html: string) =>
      DomUtils.getElementsByTagName('a', parseDocument(html).children, true)
        .filter((a) => /facebook|instagram|linkedin|youtube/.test(a.attribs.href ?? ''))
        .map((a) => [a.attribs['aria-label'], a.attribs.href]);
    expect(links((await get('/about')).body)).toEqual([]);
    expect((await get('/api/config')).json().socialLinks).toEqual([]);

    const configured = await createTestApp({ SOCIAL_LINKS: 'https://www.linkedin.com/company/mentora, https://youtube.com/@mentora' });
    try {
      expect(links((await configured.app.inject('/about')).body)).toEqual([
        ['Mentora on LinkedIn', 'https://www.linkedin.com/company/mentora'],
        ['Mentora on YouTube', 'https://youtube.com/@mentora'],
      ]);
    } finally {
      await configured.close();
    }
    expect(() => loadConfig({ SOCIAL_LINKS: 'https://www.facebook.com/' })).toThrow("is the network's home page, not an account");
    expect(() => loadConfig({ SOCIAL_LINKS: 'http://example.com/mentora' })).toThrow('must be an https address on');
  });

  it('robots.txt names the sitemap; the sitemap lists the public pages, published experts and upcoming workshops with absolute addresses', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain(`Sitemap: ${base}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /api/');

    const upcoming = await newWorkshop('Listed workshop', true);
    const draft = await newWorkshop('Draft workshop', false);
    const urls = await sitemapLocs();
    const locs = urls.map((u) => u.loc);
    for (const path of listedPages) expect(locs).toContain(`${base}${path}`);
    expect(locs).toContain(`${base}/expert/shared-expert`);
    expect(locs).toContain(`${base}/workshops/${upcoming.id}`);
    expect(locs).not.toContain(`${base}/workshops/${draft.id}`);
    for (const loc of locs) expect(loc.startsWith(`${base}/`), loc).toBe(true);
    const profile = urls.find((u) => u.loc === `${base}/expert/shared-expert`)!;
    expect(Number.isNaN(Date.parse(profile.lastmod!))).toBe(false);
  });

  it('the sitemap follows writes: an expert hidden and published again, a workshop published and cancelled', async () => {
    const profileUrl = `${base}/expert/shared-expert`;
    const hide = await write('PUT', '/api/me/profile-publishing', expert.cookie, { published: false });
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await sitemapLocs()).map((u) => u.loc)).not.toContain(profileUrl);
    expect((await get('/expert/shared-expert')).statusCode).toBe(404);
    const show = await write('PUT', '/api/me/profile-publishing', expert.cookie, { published: true });
    expect(show.statusCode, show.body).toBe(200);
    expect((await sitemapLocs()).map((u) => u.loc)).toContain(profileUrl);

    const draft = await newWorkshop('Published later', false);
    const workshopUrl = `${base}/workshops/${draft.id}`;
    expect((await sitemapLocs()).map((u) => u.loc)).not.toContain(workshopUrl);
    const published = await write('POST', `/api/me/workshops/${draft.id}/publish`, host.cookie, {});
    expect(published.statusCode, published.body).toBe(200);
    expect((await sitemapLocs()).map((u) => u.loc)).toContain(workshopUrl);
    const cancelled = await write('POST', `/api/me/workshops/${draft.id}/cancel`, host.cookie, { reason: 'Not enough time.' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await sitemapLocs()).map((u) => u.loc)).not.toContain(workshopUrl);
  });

  it('past its file limit the sitemap is an index of parts, which together list every address once, in order', async () => {
    // The routes on an app of their own, with 4 addresses a file instead of the protocol's 50 000.
    const small = Fastify();
    small.setValidatorCompiler(validatorCompiler);
    await small.register(errorAnswers, { strictAnswers: true });
    await small.register(sitemapRoutes, { db: ctx.database.db, baseUrl: base, urlsPerFile: 4 });
    try {
      const all = (await sitemapLocs()).map((u) => u.loc);
      expect(all.length).toBeGreaterThan(12);
      const index = await small.inject('/sitemap.xml');
      expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
      const parts = (xml.parse(index.body) as SitemapIndex).sitemapindex.sitemap.map((s) => s.loc);
      expect(parts).toEqual(Array.from({ length: Math.ceil(all.length / 4) }, (_, i) => `${base}/sitemap.xml?part=${i + 1}`));
      const listed: string[] = [];
      for (const part of parts) {
        const urls = (xml.parse((await small.inject(part.slice(base.length))).body) as Sitemap).urlset.url;
        expect(urls.length).toBeLessThanOrEqual(4);
        listed.push(...urls.map((u) => u.loc));
      }
      expect(listed).toEqual(all);
      expect((await small.inject(`/sitemap.xml?part=${parts.length + 1}`)).statusCode).toBe(404);
      expect((await small.inject('/sitemap.xml?part=0')).statusCode).toBe(400);
    } finally {
      await small.close();
    }
  });
});
