import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { messages } from '@shared/messages';
import { Button } from '../../components/ui/button';

/** Catch-all screen for unknown routes: '404', 'Oops! Page not found', a link home; logs the path. */
export default function NotFoundPage() {
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <section className="flex min-h-[60vh] items-center justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-20">
      <div className="text-center">
        <h1 className="text-7xl font-extrabold tracking-tight text-brand-700 sm:text-8xl">{messages.notFound.code}</h1>
        <p className="mt-4 text-2xl font-semibold text-slate-900">{messages.notFound.title}</p>
        <p className="mx-auto mt-3 max-w-md text-slate-700">The page you are looking for does not exist or has moved.</p>
        <Button asChild size="lg" className="mt-8">
          <Link to="/">{messages.notFound.link}</Link>
        </Button>
      </div>
    </section>
  );
}
