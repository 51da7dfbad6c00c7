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
  const fromPage = typeof document === 'undefined' ? null : readFromPage(document);
  return fromPage ?? (await import('../../content/faq.ts')).faqEntries;
}

function readFromPage(doc: Document): FaqEntry[] | null {
  const json = doc.querySelector(`[${FAQ_DATA_ATTRIBUTE}]`)?.getAttribute(FAQ_DATA_ATTRIBUTE);
  if (!json) return null;
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as FaqEntry[]) : null;
  } catch {
    return null;
  }
}
