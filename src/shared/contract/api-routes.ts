/**
 * Every API endpoint's path, spelled once (contract §3). The server registers
 * these patterns (`:name` is a path parameter, as Hono writes it) below
 * API_PREFIX; the client fills them with `apiPath` and sends them to its base
 * (API_PREFIX on the PWA's own origin). A path string anywhere else is a second
 * spelling that can drift.
 */
export const API_PREFIX = '/api';

export const apiRoutes = {
  health: '/health',
  ready: '/ready',
  openApi: '/openapi.json',

  login: '/auth/login/',
  refresh: '/auth/refresh/',
  logout: '/auth/logout/',
  register: '/auth/register/',
  verifyEmail: '/auth/verify-email/',
  resendVerification: '/auth/resend_verification/',
  forgotPassword: '/auth/password/forgot/',
  resetPassword: '/auth/password/reset/',
  resetPasswordByLink: '/auth/password/reset-link/',
  changePassword: '/auth/password/change/',
  changeEmail: '/auth/email/change/',
  confirmEmail: '/auth/email/confirm/',
  reportIssue: '/auth/report-issue/',
  profile: '/auth/profile/',

  eventList: '/events/user/',
  event: '/events/:id/',
  createEvent: '/events/create/',
  updateEvent: '/events/:id/update/',
  deleteEvent: '/events/:id/delete/',
  matchingBusinesses: '/events/events/matching_businesses/',
  insights: '/events/:id/insights/',
  insightHit: '/events/:id/insights/hit/',
  eventLinks: '/events/:id/links/',
  venueRequests: '/events/venue/requests/',

  team: '/team/',
  teamInvites: '/team/invites/',
  teamInvite: '/team/invites/:id/',
  teamAccept: '/team/accept/',
  teamMember: '/team/members/:user_id/',
  teamAccounts: '/team/accounts/',
  approveVenue: '/events/:id/venue/approve/',
  declineVenue: '/events/:id/venue/decline/',

  pushKey: '/push/key/',
  follows: '/follows/',
  confirmFollow: '/follows/:id/confirm/',
  unsubscribeFollow: '/follows/:id/unsubscribe/',

  placesAutocomplete: '/media_feed/places-autocomplete/',
  placeNearby: '/media_feed/place-nearby/',
  placeDetails: '/media_feed/place-details/',
  media: '/media/:name',

  oembed: '/oembed/',

  devMailbox: '/dev/mailbox',
} as const;

export type ApiRoute = (typeof apiRoutes)[keyof typeof apiRoutes];

/** The parameter names of a pattern: `'/events/:id/update/'` → `'id'`. */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A pattern with its parameters filled in (URI-encoded): `apiPath(apiRoutes.event, { id: 7 })` → `/events/7/`. */
export function apiPath<P extends ApiRoute>(pattern: P, params: Record<ParamsOf<P>, string | number>): string {
  const values = params as Record<string, string | number>;
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name])));
}
