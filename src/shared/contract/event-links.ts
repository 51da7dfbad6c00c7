/**
 * Tagged links (contract §11): `POST /api/events/{id}/links/` makes a copy of
 * the event's page address carrying `?src={slug}`, under a label the owner
 * chose ("Library poster"); views through it count under that label in the
 * event's insights. `GET` on the same path lists them, oldest first.
 */
import * as v from 'valibot';

export const LINK_LABEL_MAX = 40;
/** The most links one event may have. */
export const LINKS_PER_EVENT = 20;
/** A link's `src` value: 8 lower-case base32 characters. */
export const LINK_SLUG_PATTERN = /^[a-z2-7]{8}$/;

const labelMessage = `label must be 1 to ${LINK_LABEL_MAX} characters on one line.`;

export const NewEventLinkSchema = v.object({
  label: v.pipe(
    v.string(labelMessage),
    v.trim(),
    v.minLength(1, labelMessage),
    v.maxLength(LINK_LABEL_MAX, labelMessage),
    // No control characters or line breaks: a label is one line. (A `u` flag would say it more
    // briefly, but the OpenAPI document cannot carry regular expression flags.)
    // eslint-disable-next-line no-control-regex
    v.regex(/^[^\x00-\x1f\x7f-\x9f\u2028\u2029]*$/, labelMessage),
  ),
});
export type NewEventLink = v.InferOutput<typeof NewEventLinkSchema>;

export const EventLinkSchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  label: v.string(),
  /** The page's address with `?src={slug}`. */
  url: v.string(),
  /** Views through this link over the last 30 days (as of the last flush). */
  views: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
});
export type EventLink = v.InferOutput<typeof EventLinkSchema>;

export const EventLinkListSchema = v.array(EventLinkSchema);
export type EventLinkList = v.InferOutput<typeof EventLinkListSchema>;
