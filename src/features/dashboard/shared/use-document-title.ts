/** Each dashboard screen names the tab/window (the app shell it loads from has no page title). */
import { useEffect } from 'react';
import { brand } from '../../../brand.ts';

export function useDocumentTitle(screen: string): void {
  useEffect(() => {
    document.title = `${screen} · ${brand.name} dashboard`;
  }, [screen]);
}
