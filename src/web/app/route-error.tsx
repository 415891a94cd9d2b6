import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Router error boundary; keeps the default title 'Unexpected Application Error!'. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error);
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="mt-3 text-slate-700">{detail}</p>
      <p className="mt-6">
        <a className="font-semibold text-brand-700 underline" href="/">
          Return to Home
        </a>
      </p>
      <Link to="/" className="sr-only">
        Home
      </Link>
    </main>
  );
}
