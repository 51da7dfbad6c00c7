/** A policy page as data: sections with paragraphs and lists, rendered by src/features/legal. */
export type PolicyBlock = { kind: 'p'; text: string } | { kind: 'list'; items: readonly string[] };

export interface PolicySection {
  /** Fragment id for the table of contents. */
  id: string;
  heading: string;
  blocks: readonly PolicyBlock[];
}

export interface Policy {
  title: string;
  /** ISO date of the last change, shown as "Last updated". */
  updated: string;
  summary: string;
  sections: readonly PolicySection[];
}

export const p = (text: string): PolicyBlock => ({ kind: 'p', text });
export const list = (...items: string[]): PolicyBlock => ({ kind: 'list', items });
