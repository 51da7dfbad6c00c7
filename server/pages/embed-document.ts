/**
 * The embeddable pages (contract §11): `/embed/e/{id}`, one event, and
 * `/embed/p/{name}`, an account's next events, drawn inside other sites'
 * iframes. Plain HTML and inline CSS: no script, no cookie, no web font, a
 * few kilobytes (the limit is 30 KB), light or dark as the reader's system
 * is, readable in a 320 px wide frame. Every link opens in a new tab
 * (`<base target="_blank">`): the frame itself never navigates away. Events
 * are h-events, as on the public pages.
 */
import { brand } from '../../src/brand.ts';
import type { ListingMicroformat } from '../../src/components/listing/listing-view.tsx';
import { escapeHtml } from './listing-document.ts';

/** One event as the frame shows it, its words already made. */
export interface EmbedEvent {
  title: string;
  /** Absolute: the event's page. */
  url: string;
  /** "Cancelled: the band is ill", "Sold out"; empty when nothing changed. */
  state: string;
  cancelled: boolean;
  when: string;
  place: string;
  /** A short description; empty for none. */
  summary: string;
  microformat: ListingMicroformat | null;
}

const EMBED_CSS = `
:root{color-scheme:light dark;--bg:#fbf7f1;--fg:#16142b;--muted:#5b5873;--line:#e4dfd6;--accent:#c2410c;--state:#ffd166;--state-fg:#16142b}
@media (prefers-color-scheme:dark){:root{--bg:#16142b;--fg:#f3f1fb;--muted:#c9c5dc;--line:#35325a;--accent:#ffb199;--state:#ffd166;--state-fg:#16142b}}
*{box-sizing:border-box}
html,body{margin:0;background:var(--bg);color:var(--fg)}
body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;padding:12px 14px;overflow-wrap:anywhere}
a{color:inherit}
a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
h1{font-size:1.15rem;line-height:1.25;margin:0 0 4px}
h1 a{text-decoration:none}
h1 a:hover{text-decoration:underline}
p{margin:2px 0}
.muted{color:var(--muted)}
.state{display:inline-block;margin:0 0 6px;padding:1px 8px;border-radius:8px;background:var(--state);color:var(--state-fg);font-weight:700;font-size:.85rem}
.state--cancelled{background:#b3261e;color:#fff}
.summary{margin-top:6px}
ul{list-style:none;margin:8px 0 0;padding:0}
li{padding:8px 0;border-top:1px solid var(--line)}
li h2{font-size:1rem;margin:0}
li h2 a{text-decoration:none}
footer{margin-top:10px;padding-top:8px;border-top:1px solid var(--line);font-size:.9rem;display:flex;flex-wrap:wrap;gap:4px 14px}
footer a{color:var(--accent);font-weight:650}
`;

function document(title: string, canonical: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="canonical" href="${escapeHtml(canonical)}">
<base target="_blank">
<style>${EMBED_CSS}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

function hEventData(mf: ListingMicroformat | null): string {
  if (!mf) return '';
  return [
    `<data class="u-url" value="${escapeHtml(mf.url)}"></data>`,
    `<data class="dt-start" value="${escapeHtml(mf.start)}"></data>`,
    mf.end ? `<data class="dt-end" value="${escapeHtml(mf.end)}"></data>` : '',
  ].join('');
}

function eventParts(event: EmbedEvent, heading: 'h1' | 'h2'): string {
  const mf = (name: string) => (event.microformat ? ` ${name}` : '');
  return [
    hEventData(event.microformat),
    `<${heading}${event.microformat ? ' class="p-name"' : ''}><a href="${escapeHtml(event.url)}">${escapeHtml(event.title)}</a></${heading}>`,
    event.state ? `<p class="state${event.cancelled ? ' state--cancelled' : ''}">${escapeHtml(event.state)}</p>` : '',
    event.when ? `<p>${escapeHtml(event.when)}</p>` : '',
    event.place ? `<p class="muted${mf('p-location')}">${escapeHtml(event.place)}</p>` : '',
  ].join('\n');
}

/** `/embed/e/{id}`. */
export function embedEventDocument(event: EmbedEvent): string {
  const root = event.microformat ? ' class="h-event"' : '';
  const summary = event.summary
    ? `<p class="summary${event.microformat ? ' p-summary' : ''}">${escapeHtml(event.summary)}</p>`
    : '';
  const body = `<article${root}>
${eventParts(event, 'h1')}
${summary}
</article>
<footer><a href="${escapeHtml(event.url)}">See it on ${brand.name}</a></footer>`;
  return document(
    `${event.state ? `${event.state.split(':')[0]}: ` : ''}${event.title} — ${brand.name}`,
    event.url,
    body,
  );
}

export interface EmbedList {
  displayName: string;
  /** Absolute: the account's page. */
  pageUrl: string;
  /** Absolute: the calendar feed, by the webcal scheme. */
  subscribeHref: string;
  events: readonly EmbedEvent[];
  /** Upcoming events in all (may exceed events.length). */
  total: number;
}

/** `/embed/p/{name}`. */
export function embedListDocument(list: EmbedList): string {
  const items = list.events
    .map((event) => `<li${event.microformat ? ' class="h-event"' : ''}>\n${eventParts(event, 'h2')}\n</li>`)
    .join('\n');
  const more = list.total > list.events.length ? `All ${list.total} events` : 'See the page';
  const body = `<h1><a href="${escapeHtml(list.pageUrl)}">${escapeHtml(list.displayName)}</a></h1>
${list.events.length ? `<ul>\n${items}\n</ul>` : '<p class="muted">No upcoming events right now.</p>'}
<footer><a href="${escapeHtml(list.pageUrl)}">${more} on ${brand.name}</a><a href="${escapeHtml(list.subscribeHref)}">Subscribe</a></footer>`;
  return document(`${list.displayName} — ${brand.name}`, list.pageUrl, body);
}

/** An unknown event or name: a frame that says so instead of the site's full 404 page. */
export function embedNotFoundDocument(origin: string): string {
  return document(
    `Not found — ${brand.name}`,
    origin,
    `<p>This is no longer on ${brand.name}.</p>\n<footer><a href="${escapeHtml(origin)}/">${brand.name}</a></footer>`,
  );
}
