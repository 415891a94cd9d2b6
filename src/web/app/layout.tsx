import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { toastLimits } from '@shared/constants';
import { useHydrated } from '../lib/use-hydrated';
import { Footer } from './footer';
import { Header } from './header';
import { pageTitle } from './page-title';

// The toast area loads after the first render (sonner is ~10 KB gzip of the landing page's first load otherwise);
// a toast raised before it arrives is shown when it mounts (sonner replays active toasts to a new Toaster). It is
// never server-rendered.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** The toast area at top-right, once the page is hydrated. */
function Toasts() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" visibleToasts={toastLimits.visible} duration={toastLimits.durationMs} closeButton />
    </Suspense>
  );
}

/** Page frame: skip link, header, main content, footer, and the toast area at top-right; the tab shows the page's title. */
export function Layout() {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';
  const title = pageTitle(useMatches().map((m) => m.handle));
  useEffect(() => {
    if (title !== undefined) document.title = title;
  }, [title]);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      {loading ? <div className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-brand-600" aria-hidden /> : null}
      <Header />
      <main id="main" className="flex-1" aria-busy={loading}>
        <Outlet />
      </main>
      <Footer />
      <Toasts />
      <ScrollRestoration />
    </div>
  );
}
