/**
 * The page's only script tag (index.html). A browser-rendered page loads the app at once. A server-rendered
 * page (src/server/http/page-render.ts: `#ssr-data` present) is already readable, so the app's code is fetched
 * only after that first paint, together with the page's route modules listed in `#ssr-data[data-modules]`: the
 * stylesheet and the page's images get the connection first, then main.tsx hydrates.
 * The stylesheet is imported here so it stays a `<link>` in the HTML head.
 */
import './styles.css';

const ssrData = document.getElementById('ssr-data');
const loadApp = () => import('./main');

if (!ssrData) {
  void loadApp();
} else {
  // requestAnimationFrame runs just before the first paint; the timeout after it.
  requestAnimationFrame(() =>
    setTimeout(() => {
      for (const href of (ssrData.dataset.modules ?? '').split(' ').filter(Boolean)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.append(link);
      }
      void loadApp();
    }),
  );
}
