/**
 * The HTML of a promoter's or venue's page (`/p/{display_name}`): who they
 * are, their business listing when they have one, what's on there (other
 * promoters' events the venue approved), and their own upcoming events
 * in date order, each linking to its own `/e/…` page and marked up as an
 * h-event, plus the calendar and Atom feeds ("Subscribe").
 * Same shell, CSS and boot script as the listing pages; no React on the
 * client, so first-visit JavaScript stays the listing page's few hundred bytes.
 */
import { eventTimeZone } from '../../src/components/listing/event-zone.ts';
import { listingChange, listingFromRecord } from '../../src/components/listing/listing-model.ts';
import type { ListingMicroformat } from '../../src/components/listing/listing-view.tsx';
import type { EventRecord } from '../../src/shared/contract/event.ts';
import { escapeHtml, pageDocument, type DocumentHead } from './listing-document.ts';

export interface PromoterPageItem {
  record: EventRecord;
  /** Path of the listing's page. */
  path: string;
  /** The venue's own listing (shown apart), not an event. */
  business: boolean;
  /** An event's h-event data; none for a business listing. */
  microformat?: ListingMicroformat | null;
}

export interface PromoterPage {
  displayName: string;
  bio: string;
  items: readonly PromoterPageItem[];
  /** All upcoming listings, when more than the page shows. */
  total: number;
  feedPath: string;
  /** Absolute: what "Subscribe" hands a calendar app (the feed, by the webcal scheme). */
  subscribeHref: string;
  atomPath: string;
  /** Places weekly series' next dates. */
  now: Date;
  /** The reader's, for the dates (as on the event pages). */
  locale?: string;
  /** A venue's approved upcoming events by other promoters (contract §10); absent for a promoter. */
  whatsOn?: readonly PromoterPageItem[];
}

const PROMOTER_CSS = `
.profile{padding:1.5rem 0 .5rem}
.profile h1{margin:0;font-family:ui-rounded,system-ui,sans-serif;font-size:clamp(1.7rem,6vw,2.4rem);line-height:1.15;overflow-wrap:anywhere}
.profile p{margin:.5rem 0 0;white-space:pre-line;color:#3d3a57}
.profile .listing-actions{margin-top:.9rem}
.profile .button--quiet{color:#16142b;box-shadow:inset 0 0 0 2px #16142b}
.upcoming h2{font-size:1.2rem;margin:1.5rem 0 .6rem}
.cards{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}
.card{display:block;padding:.9rem 1rem;border-radius:16px;background:#16142b;color:#fff;text-decoration:none}
.card:focus-visible{outline:3px solid #2b59ff;outline-offset:2px}
.card strong{display:block;font-size:1.1rem;line-height:1.25;overflow-wrap:anywhere}
.card span{display:block;color:#e4e1f3;font-size:.95rem}
.card__state{display:inline-block;margin:.3rem 0 .2rem;padding:.1rem .55rem;border-radius:999px;background:#ffd166;color:#16142b;font-style:normal;font-weight:800;font-size:.9rem}
.card__state--cancelled{background:#fff;color:#b3261e}
.note{color:#5b5873}
`;

function whenOf(item: PromoterPageItem, now: Date, locale: string | undefined): string {
  const view = listingFromRecord(item.record, eventTimeZone(item.record), locale, now);
  if (view.schedule) return [view.schedule.text, ...view.schedule.next.slice(0, 1).map((d) => `next ${d}`)].join(' · ');
  return view.when ?? view.hours.join(' · ');
}

/** "Cancelled: why", "Postponed", "Sold out" — what changed, before the date it no longer keeps. */
function stateOf(record: EventRecord): string {
  const change = listingChange(record);
  if (change)
    return `<em class="card__state card__state--${change.kind}">${escapeHtml(change.note ? `${change.label}: ${change.note}` : change.label)}</em>`;
  return record.sold_out ? '<em class="card__state">Sold out</em>' : '';
}

/** The h-event's machine-readable parts, which the card's words do not carry. */
function hEventData(mf: ListingMicroformat): string {
  return [
    `<data class="u-url" value="${escapeHtml(mf.url)}"></data>`,
    `<data class="dt-start" value="${escapeHtml(mf.start)}"></data>`,
    mf.end ? `<data class="dt-end" value="${escapeHtml(mf.end)}"></data>` : '',
  ].join('');
}

function card(item: PromoterPageItem, now: Date, locale: string | undefined): string {
  const { record } = item;
  const mf = item.microformat;
  const when = whenOf(item, now, locale);
  const lines = [
    when ? `<span>${escapeHtml(when)}</span>` : '',
    record.location_name ? `<span${mf ? ' class="p-location"' : ''}>${escapeHtml(record.location_name)}</span>` : '',
  ].join('');
  const name = `<strong${mf ? ' class="p-name"' : ''}>${escapeHtml(record.title)}</strong>`;
  return `<li${mf ? ' class="h-event"' : ''}>${mf ? hEventData(mf) : ''}<a class="card" href="${escapeHtml(item.path)}">${name}${stateOf(record)}${lines}</a></li>`;
}

export function promoterDocument(page: PromoterPage, head: DocumentHead, scripts: readonly string[]): string {
  const venue = page.items.filter((item) => item.business);
  const events = page.items.filter((item) => !item.business);
  const bio = page.bio.trim() ? `<p>${escapeHtml(page.bio.trim())}</p>` : '';
  const more =
    page.total > page.items.length
      ? `<p class="note">The next ${page.items.length} of ${page.total}. The calendar feed has more.</p>`
      : '';
  const main = `<section class="profile" aria-labelledby="profile-name">
<h1 id="profile-name">${escapeHtml(page.displayName)}</h1>${bio}
<p class="listing-actions"><a class="button button--quiet" href="${escapeHtml(page.feedPath)}">Add all to calendar</a><a class="button button--quiet" href="${escapeHtml(page.subscribeHref)}">Subscribe</a><a class="button button--quiet" href="${escapeHtml(page.atomPath)}" type="application/atom+xml">Atom feed</a></p>
</section>
${venue.length ? `<section class="upcoming" aria-labelledby="venue"><h2 id="venue">Venue</h2><ul class="cards">${venue.map((item) => card(item, page.now, page.locale)).join('')}</ul></section>` : ''}
${page.whatsOn?.length ? `<section class="upcoming" aria-labelledby="whats-on"><h2 id="whats-on">What's on</h2><ul class="cards">${page.whatsOn.map((item) => card(item, page.now, page.locale)).join('')}</ul></section>` : ''}
<section class="upcoming" aria-labelledby="events"><h2 id="events">Upcoming events</h2>
${events.length ? `<ul class="cards">${events.map((item) => card(item, page.now, page.locale)).join('')}</ul>${more}` : '<p class="note">No upcoming events right now.</p>'}
</section>`;
  return pageDocument(head, main, scripts, PROMOTER_CSS);
}
