/**
 * The words of a notification, written when it is sent from the event as it
 * is then (so a notice that waited through two changes tells the last one):
 * a push payload `{"title","body","url"}` and the same as a mail.
 */
import { brand } from '../../../src/brand.ts';
import { listingPath } from '../../../src/shared/contract/listing-url.ts';
import type { ClaimedNotice } from '../../db/queries/follow-notices.ts';

export interface NoticeText {
  title: string;
  body: string;
  /** The event's public page, absolute. */
  url: string;
}

/** Push services take 4 KB of encrypted payload; the JSON stays well under it. */
const MAX_TITLE = 120;
const MAX_BODY = 300;

function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

function when(notice: ClaimedNotice): string {
  const parts = [notice.start_date, notice.start_time].filter(Boolean).join(' at ');
  const where = notice.venue_title ?? notice.location_name;
  return [parts, where].filter(Boolean).join(', ');
}

function what(notice: ClaimedNotice): string {
  const note = notice.status_note ? ` ${notice.status_note}` : '';
  if (notice.status === 'cancelled') return `Cancelled.${note}`;
  if (notice.status === 'postponed') return `Postponed.${note}`;
  if (notice.kind === 'reminder') return `Tomorrow: ${when(notice)}`;
  if (notice.kind === 'new') return `New: ${when(notice)}`;
  if (notice.sold_out) return `Sold out. ${when(notice)}`;
  return `Changed: ${when(notice)}`;
}

export function noticeText(notice: ClaimedNotice, publicUrl: string): NoticeText {
  return {
    title: clip(notice.title || brand.name, MAX_TITLE),
    body: clip(what(notice), MAX_BODY),
    url: `${publicUrl}${listingPath(notice.event_id, notice.title)}`,
  };
}

/** The push payload: JSON the service worker shows as a notification. */
export function pushPayload(text: NoticeText): string {
  return JSON.stringify({ title: text.title, body: text.body, url: text.url });
}

/** The mail of one notice, with the link that ends the follow. */
export function noticeMail(text: NoticeText, unsubscribeUrl: string): { subject: string; text: string } {
  return {
    subject: `${text.title}: ${text.body.split('\n')[0]}`.slice(0, 200),
    text:
      `${text.title}\n${text.body}\n\n${text.url}\n\n` +
      `You get this because you follow it on ${brand.name}. Unfollow: ${unsubscribeUrl}\n`,
  };
}
