/**
 * Client-rendered screens are not in the prerendered title map, so they name
 * the tab themselves: "Register — Roamly", or for a dashboard screen
 * "Events · Roamly dashboard". The one hook for both.
 */
import { useEffect } from 'react';
import { brand } from '../../brand.ts';

export function useDocumentTitle(title: string, area: 'site' | 'dashboard' = 'site'): void {
  useEffect(() => {
    document.title = area === 'dashboard' ? `${title} · ${brand.name} dashboard` : `${title} — ${brand.name}`;
  }, [title, area]);
}
