/** `POST /events/{id}/venue/approve/` or `…/decline/` → the request with its new state (contract §10). */
import { VenueRequestSchema, type VenueAnswer } from '../../contract/venue-approval.ts';
import { writeOptions, type WriteOptions, type WriteRequest } from './write-request.ts';

export function answerVenueRequestRequest(id: number, answer: VenueAnswer, options: WriteOptions = {}): WriteRequest {
  return { method: 'POST', path: `/events/${id}/venue/${answer}/`, options: writeOptions(options) };
}

export const answerVenueRequestResponse = { schema: VenueRequestSchema, what: 'venue answer' };
