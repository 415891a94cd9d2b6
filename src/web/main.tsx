/**
 * The app in the browser, loaded by boot.ts. A page the server rendered (entry-server.tsx: `#root` holds its markup and `#ssr-data` the
 * reads it was made from) is hydrated; any other page is rendered here. Either way the lazy routes matching the
 * address load first, so the first render is the page itself, as on the server, not a fallback. The first
 * render runs inside a transition, so React yields to the browser between pieces of work (no long task).
 */
import './lib/zod-without-eval';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { newQueryClient, Providers } from './app/providers';
import { routes } from './app/router';

/** Loads the lazy routes matching the current address and puts their modules in place (React Router's recipe for hydrating lazy routes). */
async function loadMatchedRoutes(): Promise<void> {
  const lazy = (matchRoutes(routes, window.location) ?? []).filter((m) => m.route.lazy);
  await Promise.all(
    lazy.map(async (m) => {
      const loaded = typeof m.route.lazy === 'function' ? await m.route.lazy() : {};
      Object.assign(m.route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * Sets `<html data-app-ready>` once React has taken the page over (hydrated or rendered it): from then on every
 * control responds. The end-to-end tests wait for it after each page load (tests/e2e/test.ts).
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
  return null;
}

async function start(): Promise<void> {
  const queryClient = newQueryClient();
  const container = document.getElementById('root')!;
  const ssrData = document.getElementById('ssr-data');
  if (ssrData?.textContent) hydrate(queryClient, JSON.parse(ssrData.textContent) as DehydratedState);
  await loadMatchedRoutes().catch(() => undefined); // a chunk that fails to load is retried by the router
  const router = createBrowserRouter(routes);
  const app = (
    <Providers client={queryClient}>
      <RouterProvider router={router} />
      <AppReady />
    </Providers>
  );
  startTransition(() => {
    if (ssrData) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

void start();
