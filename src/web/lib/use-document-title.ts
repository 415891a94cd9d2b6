import { useEffect } from 'react';

/** Sets document.title to '{title} · Mentora' while the page is shown, and restores the previous title after. */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} · Mentora`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
