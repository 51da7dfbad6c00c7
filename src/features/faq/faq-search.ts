/**
 * FAQ search (product §2): a case-insensitive substring match on the question
 * text only. An empty (or blank) query matches nothing: the page shows a hint
 * instead of the whole list.
 */
import type { FaqEntry } from '../../content/faq.ts';

export function searchFaq(entries: readonly FaqEntry[], query: string): FaqEntry[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  return entries.filter((entry) => entry.question.toLowerCase().includes(needle));
}

/** A piece of text, marked when it is an occurrence of the query. */
export interface TextPart {
  text: string;
  match: boolean;
}

/** Splits `text` around every case-insensitive occurrence of the trimmed query. */
export function highlightParts(text: string, query: string): TextPart[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [{ text, match: false }];
  const parts: TextPart[] = [];
  const haystack = text.toLowerCase();
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}
