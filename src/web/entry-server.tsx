/**
 * Server rendering of the public pages (decision 012: the first screen arrives in the HTML, so it paints before
 * any script has run). Built by `vite build --ssr` into dist/ssr/entry-server.js and called by the server
 * (src/server/http/page-render.ts) for the routes listed in `renderedRoutes`; every other page stays
 * browser-rendered. The page's first reads are made in-process through `fetchApi` (the same API answers the
 * browser would get, with the visitor's cookie) and handed to the browser as a dehydrated query cache, which
 * main.tsx hydrates before React does: the first browser render equals the server's, with no loading state.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { pageHead, type PageHead } from './app/page-head';
import { pageTitle } from './app/page-title';
import { newQueryClient, Providers } from './app/providers';
import { routes } from './app/router';
import { expertProfileQuery } from './lib/expert-profile';
import { expertLanguagesQuery } from './features/experts/api/get-expert-languages';
import { expertListQuery } from './features/experts/api/get-experts';
import { profileTitle } from './features/experts/profile-title';
import { parseResultsParams } from './features/experts/results-params';
import { expertVideosQuery } from './features/home/api/get-expert-videos';
import { expertPackagesQuery } from './features/packages/api/get-expert-packages';
import { expertPlansQuery } from './features/plans/api/get-expert-plans';
import { workshopQuery } from './features/workshops/api/get-workshop';
import { workshopListQuery } from './features/workshops/api/get-workshops';
import { parseWorkshopFilters } from './features/workshops/workshop-filters';
import { ApiError, setApiFetch, type ApiFetch } from './lib/api';
import { workshopMessages } from '@shared/workshops';
import { meQuery } from './lib/auth';
import { clientConfigQuery } from './lib/client-config';

type Prefetch = (client: QueryClient, at: { params: Record<string, string | undefined>; search: URLSearchParams }) => Promise<void>[];

/**
 * The routes rendered on the server, with the reads each starts with (beyond the signed-in account, read for
 * all). Pages that need a signed-in account, forms and the booking flow are not listed: they render in the browser.
 */
const renderedRoutes: Record<string, Prefetch> = {
  '/': (client) => [client.prefetchQuery(expertVideosQuery)],
  '/results': (client, { search }) => [client.prefetchQuery(expertListQuery(parseResultsParams(search))), client.prefetchQuery(expertLanguagesQuery)],
  '/expert/:id': (client, { params }) => [
    client.prefetchQuery(expertProfileQuery(params.id ?? '')),
    client.prefetchQuery(expertPackagesQuery(params.id ?? '')),
    client.prefetchQuery(expertPlansQuery(params.id ?? '')),
  ],
  '/about': () => [],
  '/community-guidelines': () => [],
  '/workshops': (client, { search }) => [client.prefetchQuery(workshopListQuery(parseWorkshopFilters(search)))],
  // The host's profile too: a shared workshop link is previewed with their photo.
  '/workshops/:id': (client, { params }) => [
    client.prefetchQuery(workshopQuery(params.id ?? '')).then(() => {
      const workshop = client.getQueryData(workshopQuery(params.id ?? '').queryKey);
      return workshop && client.prefetchQuery(expertProfileQuery(workshop.expert.slug));
    }),
  ],
  '/how-it-works/client': () => [],
  '/how-it-works/expert': () => [],
  '/partner/university': () => [],
  '/partner/recruitment': () => [],
  '/international-students': () => [],
  // The not-found page, so an unknown address answers 404 with it.
  '*': () => [],
};

/** The API transport of the render in progress (renders of different visitors overlap). */
const requestFetch = new AsyncLocalStorage<ApiFetch>();
setApiFetch((path, init) => {
  const fetchApi = requestFetch.getStore();
  if (!fetchApi) throw new Error('API read outside a server render');
  return fetchApi(path, init);
});

const handler = createStaticHandler(routes);

/** The page's markup, its dehydrated reads, its title (undefined: the shell's own, index.html), and its head (page-head.ts). */
export type RenderedPage = { html: string; state: DehydratedState; title: string | undefined; head: PageHead };

/**
 * Renders `url` (absolute, e.g. 'http://host/results?query=design') of the site at `baseUrl` (BASE_URL, no trailing
 * slash). `fetchApi(path, init)` answers the page's API reads (GET, same-origin paths). Returns null when the route
 * is not rendered on the server, so the caller serves the browser-rendered page instead. Throws when rendering fails.
 */
export async function renderPage(url: string, fetchApi: ApiFetch, baseUrl: string): Promise<RenderedPage | null> {
  const request = new Request(url);
  const context = await handler.query(request);
  if (context instanceof Response) return null;
  const leaf = context.matches.at(-1);
  const prefetch = leaf?.route.path ? renderedRoutes[leaf.route.path] : undefined;
  if (!leaf || !prefetch) return null;

  const client = newQueryClient();
  const search = new URL(url).searchParams;
  await requestFetch.run(fetchApi, () =>
    Promise.all([client.prefetchQuery(meQuery), client.prefetchQuery(clientConfigQuery), ...prefetch(client, { params: leaf.params, search })]),
  );
  const workshopRead = leaf.route.path === '/workshops/:id' ? client.getQueryState(workshopQuery(leaf.params.id ?? '').queryKey) : undefined;
  // Read before failed reads are dropped below: a workshop the API does not know (404) is a page that does not exist.
  const workshopMissing = workshopRead?.error instanceof ApiError && workshopRead.error.status === 404;
  // A failed read is not dehydrated, so the browser starts it as loading and shows the error with its retry
  // itself; rendering the error here would not match the browser's first render.
  client.removeQueries({ predicate: (query) => query.state.status === 'error' });
  const router = createStaticRouter(handler.dataRoutes, context);
  // Synchronous: the parts that load code lazily (booking card, video player, toasts) wait for the browser (useHydrated).
  const html = renderToString(
    <Providers client={client}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Providers>,
  );
  // A profile's title names its expert, as the page does in the browser (a page with `titled(null)`).
  const expert = leaf.route.path === '/expert/:id' ? client.getQueryData(expertProfileQuery(leaf.params.id ?? '').queryKey) : undefined;
  const profile = profileTitle(expert);
  const workshop = workshopMissing ? null : workshopRead?.data;
  // A workshop's page names the workshop, as it does in the browser (workshop-page.tsx).
  const named = profile ?? (workshopRead ? (workshop?.title ?? workshopMessages.notFound) : undefined);
  const title = named ? `${named} · Mentora` : pageTitle(context.matches.map((m) => m.route.handle));
  const head = pageHead(baseUrl, {
    route: leaf.route.path ?? '',
    pathname: new URL(url).pathname,
    title: (title ?? '').replace(/ · Mentora$/, ''),
    expert,
    workshop,
    host: workshop ? client.getQueryData(expertProfileQuery(workshop.expert.slug).queryKey) : undefined,
  });
  return { html, state: dehydrate(client), title, head };
}
