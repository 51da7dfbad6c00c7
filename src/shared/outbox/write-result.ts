/**
 * What a completed entry produced, checked against the contract. Its own module: the intent
 * (./intent.ts) names it in a first attempt's outcome, and the request builder
 * (./build-request.ts) makes it, so neither has to import the other.
 */
import type { EventRecord } from '../contract/event.ts';
import type { ReportIssueResponse } from '../contract/issue.ts';
import type { User } from '../contract/user.ts';
import type { VenueRequest } from '../contract/venue-approval.ts';

export type WriteResult =
  | { kind: 'event'; event: EventRecord }
  /** `id` null when the deleted record was never on the server (a create the delete overtook). */
  | { kind: 'event-deleted'; id: number | null }
  | { kind: 'profile'; user: User }
  | { kind: 'issue-report'; report: ReportIssueResponse }
  | { kind: 'venue-answer'; request: VenueRequest };
