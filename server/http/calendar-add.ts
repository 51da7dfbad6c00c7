/**
 * Which `/e/{id}.ics` requests count as a calendar add in a listing's
 * insights (contract §10): only what the page's "Add to calendar" button sends.
 *
 * The .ics address is fetched by much more than that button: calendar apps
 * that subscribe to a pasted link and poll it, mail scanners and chat
 * previews that open every link they see, a link copied and opened later.
 * Each of those is a plain GET, often with a browser's User-Agent, so a
 * plain GET tells nothing. The button's link carries a marker
 * (`?from=page`, `calendarAddHref`) that no other link of ours has. A copy
 * of the button's link pasted elsewhere keeps it, but polled from one
 * address it counts once a day, like any repeat.
 *
 * Fetch Metadata alone would not do: a `download` link is not reported the
 * same way by every browser (not always as `Sec-Fetch-Dest: document` with
 * `Sec-Fetch-User: ?1`), and Safari before 16.4 sends none, so requiring them
 * would drop real adds. What it does say reliably is where a request came
 * from, so when `Sec-Fetch-Site` is sent it must be `same-origin` — the
 * button is on our page; a marked link on another site or typed into the
 * address bar (`cross-site`, `none`) does not count.
 *
 * The marker is no secret: a script can send it. What bounds that is what
 * bounds the beacon: each address and network counts a listing once a day
 * per kind (services/insights-visitors.ts).
 */
import type { Context } from 'hono';
import { mayCount } from './counted-visit.ts';

const MARKER = { name: 'from', value: 'page' } as const;

/** The link of a listing page's "Add to calendar" button. */
export function calendarAddHref(eventId: number): string {
  return `/e/${eventId}.ics?${MARKER.name}=${MARKER.value}`;
}

/** True when this request for a listing's .ics is a person pressing the page's button. */
export function isCalendarAdd(c: Context): boolean {
  if (c.req.method !== 'GET' || c.req.query(MARKER.name) !== MARKER.value) return false;
  const site = c.req.header('sec-fetch-site');
  return (site === undefined || site === 'same-origin') && mayCount(c);
}
