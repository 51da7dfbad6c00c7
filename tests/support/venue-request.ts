/** A promoter's request to list an event at a venue, as `GET /api/events/venue/requests/` lists it. */
import type { VenueRequest } from '../../src/shared/contract/venue-approval.ts';

export const venueRequest = (overrides: Partial<VenueRequest> = {}): VenueRequest => ({
  id: 12,
  title: 'Jazz Night',
  start_date: '2026-02-10',
  start_time: '20:00',
  is_recurring: false,
  cover_image: null,
  promoter: 'nightowl',
  venue_id: 70,
  venue_title: 'Blue Door Bar',
  venue_status: 'pending',
  requested_at: '2026-01-15T12:00:00.000Z',
  ...overrides,
});
