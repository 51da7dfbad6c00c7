/**
 * Venue approval (contract §10): a promoter's event may name a venue (the id
 * of a business listing); it is `pending` until the venue's owner approves or
 * declines it. The venue's owner reads their requests and answers them.
 */
import * as v from 'valibot';
import { DateSchema, TimeSchema } from './formats.ts';

/** The answer a venue gave, or is yet to give. */
export const venueStatuses = ['pending', 'approved', 'declined'] as const;
/** A venue request's state. */
export type VenueStatus = (typeof venueStatuses)[number];
/** A venue request's state. */
export const VenueStatusSchema = v.picklist(venueStatuses);

/** What a venue's owner may answer (`POST /api/events/{id}/venue/{answer}/`). */
export const venueAnswers = ['approve', 'decline'] as const;
/** A venue's answer. */
export type VenueAnswer = (typeof venueAnswers)[number];

/** The state an answer leads to. */
export const statusAfter: Readonly<Record<VenueAnswer, VenueStatus>> = { approve: 'approved', decline: 'declined' };

/** How a state reads on a card or in a list (words, never colour alone). */
export const venueStatusLabels: Readonly<Record<VenueStatus, string>> = {
  pending: 'Waiting for the venue',
  approved: 'Approved by the venue',
  declined: 'Declined by the venue',
};

/**
 * The multipart field `venue_id` of an event write: a listing id, or empty
 * text for no venue.
 */
export const VenueIdInputSchema = v.pipe(
  v.union([v.string(), v.number(), v.null()], 'Choose a venue from the list.'),
  v.transform((value) => (value === null ? '' : String(value).trim())),
  v.check((text) => text === '' || /^[1-9]\d{0,14}$/.test(text), 'Choose a venue from the list.'),
  v.transform((text) => (text === '' ? null : Number(text))),
);

/** One request as the venue's owner sees it. */
export const VenueRequestSchema = v.object({
  /** The event's id. */
  id: v.number(),
  title: v.string(),
  start_date: v.nullable(DateSchema),
  start_time: v.nullable(TimeSchema),
  is_recurring: v.boolean(),
  cover_image: v.nullable(v.string()),
  /** The promoter's public name. */
  promoter: v.string(),
  venue_id: v.number(),
  venue_title: v.string(),
  venue_status: VenueStatusSchema,
  requested_at: v.string(),
});
/** A request to a venue. */
export type VenueRequest = v.InferOutput<typeof VenueRequestSchema>;

/** `GET /api/events/venue/requests/`: pending first, then answered ones still to come. */
export const VenueRequestsResponseSchema = v.object({ requests: v.array(VenueRequestSchema) });
/** The venue's requests. */
export type VenueRequestsResponse = v.InferOutput<typeof VenueRequestsResponseSchema>;
