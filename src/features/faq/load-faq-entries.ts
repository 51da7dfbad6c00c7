/**
 * Where the FAQ page gets its questions (the route's loader). The prerendered
 * /faq carries them in a data attribute — hydration data, but not as an inline
 * script, which the CSP forbids — so a first visit does not download the same
 * text a second time as JavaScript. Anywhere else (the prerenderer, a
 * client-side navigation to /faq) the content module is loaded.
 */
import type { FaqEntry } from '../../content/faq.ts';

export const FAQ_DATA_ATTRIBUTE = 'data-faq-entries';

export async function loadFaqEntries(): Promise<readonly FaqEntry[]> {
  const fromPage = typeof document === 'undefined' ? null : readFrom(document.querySelector(`[${FAQ_DATA_ATTRIBUTE}]`));
  return fromPage ?? (await import('../../content/faq.ts')).faqEntries;
}

/** The questions of the FAQ page that contains `element` (the search island's source). */
export async function faqEntriesAround(element: Element): Promise<readonly FaqEntry[]> {
  return readFrom(element.closest(`[${FAQ_DATA_ATTRIBUTE}]`)) ?? (await import('../../content/faq.ts')).faqEntries;
}

function readFrom(holder: Element | null): FaqEntry[] | null {
  const json = holder?.getAttribute(FAQ_DATA_ATTRIBUTE);
  if (!json) return null;
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as FaqEntry[]) : null;
  } catch {
    return null;
  }
}
