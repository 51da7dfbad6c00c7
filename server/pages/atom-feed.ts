/**
 * An account's upcoming events as an Atom feed (RFC 4287, contract §11):
 * `/p/{display_name}.atom`, one entry per upcoming published event. Each
 * entry says first what changed (its title starts "Cancelled: ", "Postponed: ",
 * "New date: " or "Sold out: ", as a link preview does), carries the states as
 * categories a reader can filter on, and links the event's page. Entry ids are
 * the page's id-only address, which never changes with a renamed title.
 */
import { listingChange } from '../../src/components/listing/listing-model.ts';
import type { EventRecord } from '../../src/shared/contract/event.ts';
import { escapeHtml } from './listing-document.ts';

export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';

export interface AtomFeed {
  title: string;
  /** Absolute: the feed itself (rel="self"). */
  selfUrl: string;
  /** Absolute: the account's page; also the feed's id. */
  pageUrl: string;
  author: string;
  /** Characters of each description kept; the event's page has the rest. */
  summaryLimit: number;
}

export interface AtomEntry {
  record: EventRecord;
  /** Absolute: the event's page. */
  url: string;
  /** Absolute and permanent: `{origin}/e/{id}`. */
  id: string;
  /** The dates in words, as the page writes them; empty when unknown. */
  when: string;
  /** The old date in words, for a moved event. */
  previousDate: string | null;
  /** Where the state categories' terms are defined. */
  scheme: string;
}

// XML 1.0 refuses these characters even escaped; a title pasted from anywhere may hold one.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const xml = (text: string) => escapeHtml(text.replace(NOT_XML, ''));

/** The words an entry's title starts with: the change, else sold out. */
function statePrefix(record: EventRecord): string {
  const change = listingChange(record);
  if (change) return `${change.label}: `;
  return record.sold_out ? 'Sold out: ' : '';
}

/** Machine-readable states: `cancelled`, `postponed`, `moved`, `sold-out`. */
function stateTerms(record: EventRecord): { term: string; label: string }[] {
  const terms: { term: string; label: string }[] = [];
  const change = listingChange(record);
  if (change) terms.push({ term: change.kind, label: change.label });
  if (record.sold_out) terms.push({ term: 'sold-out', label: 'Sold out' });
  return terms;
}

function summaryOf(entry: AtomEntry, limit: number): string {
  const { record } = entry;
  const change = listingChange(record);
  const lines = [
    change ? [change.label, record.status_note.trim()].filter(Boolean).join(': ') + '.' : '',
    entry.previousDate ? `Was on ${entry.previousDate}.` : '',
    record.sold_out ? 'Sold out: no tickets are left.' : '',
    entry.when,
    record.location_name,
  ];
  const bio = record.bio.trim();
  const excerpt = bio.length > limit ? `${bio.slice(0, limit - 1).trimEnd()}…` : bio;
  return [...lines, excerpt].filter(Boolean).join('\n');
}

function entryXml(entry: AtomEntry, limit: number): string {
  const { record } = entry;
  const categories = stateTerms(record).map(
    ({ term, label }) => `<category term="${term}" scheme="${xml(entry.scheme)}" label="${label}"/>`,
  );
  return [
    '<entry>',
    `<id>${xml(entry.id)}</id>`,
    `<title>${xml(statePrefix(record) + record.title)}</title>`,
    `<updated>${xml(new Date(record.updated_at).toISOString())}</updated>`,
    `<published>${xml(new Date(record.created_at).toISOString())}</published>`,
    `<link rel="alternate" type="text/html" href="${xml(entry.url)}"/>`,
    ...categories,
    `<summary type="text">${xml(summaryOf(entry, limit))}</summary>`,
    '</entry>',
  ].join('\n');
}

/** The whole feed; `updated` is the newest entry's (a fixed date with none, so an empty feed still revalidates). */
export function atomFeed(feed: AtomFeed, entries: readonly AtomEntry[]): string {
  const newest = entries.reduce((max, entry) => Math.max(max, Date.parse(entry.record.updated_at)), 0);
  const updated = new Date(newest).toISOString();
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>${xml(feed.pageUrl)}</id>
<title>${xml(feed.title)}</title>
<updated>${updated}</updated>
<author><name>${xml(feed.author)}</name><uri>${xml(feed.pageUrl)}</uri></author>
<link rel="self" type="application/atom+xml" href="${xml(feed.selfUrl)}"/>
<link rel="alternate" type="text/html" href="${xml(feed.pageUrl)}"/>
${entries.map((entry) => entryXml(entry, feed.summaryLimit)).join('\n')}
</feed>
`;
}
