import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { toastLimits } from '@shared/constants';
import { loadToasts, useToastsRaised } from '../lib/toast';
import { Footer } from './footer';
import { Header } from './header';
import { pageTitle } from './page-title';

// The toast area is mounted once a page raises its first toast (src/web/lib/toast.ts loads sonner then; ~9 KB gzip
// that most visits never need); sonner shows it the toasts raised before it mounted. It is never server-rendered.
const Toaster = lazy(() => loadToasts().then((m) => ({ default: m.Toaster })));

/** The toast area at top-right, from the first toast on. */
function Toasts() {
  const raised = useToastsRaised();
  if (!raised) return null;
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
