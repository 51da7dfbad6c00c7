import { useEffect } from 'react';
import { brand } from '../../brand.ts';

/** Client-rendered pages are not in the prerendered title map, so they name the tab themselves. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} — ${brand.name}`;
  }, [title]);
}
