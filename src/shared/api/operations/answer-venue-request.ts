/** `POST /events/{id}/venue/approve/` or `…/decline/` → the request with its new state (contract §10). */
import { apiPath, apiRoutes } from '../../contract/api-routes.ts';
import { VenueRequestSchema, type VenueAnswer } from '../../contract/venue-approval.ts';
import { writeOptions, type WriteOptions, type WriteRequest } from './write-request.ts';

export function answerVenueRequestRequest(id: number, answer: VenueAnswer, options: WriteOptions = {}): WriteRequest {
  const pattern = answer === 'approve' ? apiRoutes.approveVenue : apiRoutes.declineVenue;
  return { method: 'POST', path: apiPath(pattern, { id }), options: writeOptions(options) };
}

export const answerVenueRequestResponse = { schema: VenueRequestSchema, what: 'venue answer' };
