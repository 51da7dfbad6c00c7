/**
 * Followers (contract §11): anyone, with no account, follows a promoter's
 * page, a venue or one event ("Remind me") by push or by email.
 *
 * - `GET /api/push/key/` → `{public_key}`: the VAPID key (base64url) a push
 *   subscription is made with;
 * - `POST /api/follows/` with a push subscription → 201 `{id, unsubscribe_url}`;
 *   with an email → 202, and a confirmation mail whose link must be opened
 *   before anything else is sent;
 * - `POST {unsubscribe_url}` ends the follow.
 */
import * as v from 'valibot';
import { EmailSchema } from './formats.ts';
import { singleLine } from './text.ts';

const TARGET_MESSAGE = 'Follow "promoter:{display_name}", "venue:{id}" or "event:{id}".';

/** `promoter:{display_name}` | `venue:{id}` | `event:{id}`. */
export const FollowTargetSchema = v.pipe(
  v.string(TARGET_MESSAGE),
  singleLine(),
  v.maxLength(200, TARGET_MESSAGE),
  v.regex(/^(promoter:[^\s:][^:]*|venue:[1-9]\d{0,14}|event:[1-9]\d{0,14})$/, TARGET_MESSAGE),
);

export type FollowTarget =
  { kind: 'promoter'; displayName: string } | { kind: 'venue'; id: number } | { kind: 'event'; id: number };

/** Reads a target the schema accepted. */
export function parseFollowTarget(target: string): FollowTarget {
  const colon = target.indexOf(':');
  const kind = target.slice(0, colon);
  const rest = target.slice(colon + 1);
  if (kind === 'promoter') return { kind, displayName: rest };
  return { kind: kind === 'venue' ? 'venue' : 'event', id: Number(rest) };
}

/** A base64url key of a push subscription (`p256dh` 65 bytes, `auth` 16: generous bounds). */
const KeySchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Use base64url.'), v.maxLength(200));

/** A browser's PushSubscription, as `subscription.toJSON()` gives it. */
export const PushSubscriptionSchema = v.object({
  endpoint: v.pipe(v.string(), v.url('A push endpoint is an https:// address.'), v.maxLength(1000)),
  keys: v.object({ p256dh: KeySchema, auth: KeySchema }),
});

export const PushFollowRequestSchema = v.object({
  target: FollowTargetSchema,
  channel: v.literal('push'),
  subscription: PushSubscriptionSchema,
});

export const EmailFollowRequestSchema = v.object({
  target: FollowTargetSchema,
  channel: v.literal('email'),
  email: EmailSchema,
});

/** `POST /api/follows/` JSON body. */
export const FollowRequestSchema = v.variant('channel', [PushFollowRequestSchema, EmailFollowRequestSchema]);
export type FollowRequest = v.InferOutput<typeof FollowRequestSchema>;

/** 201 to a push follow. */
export const FollowCreatedSchema = v.object({
  id: v.number(),
  /** POST here to end the follow. */
  unsubscribe_url: v.string(),
});

/** 202 to an email follow: the confirmation mail is on its way. */
export const FollowPendingSchema = v.object({ detail: v.string() });

export const PushKeySchema = v.object({ public_key: v.string() });

/** The unsubscribe and confirmation links carry their token in the query. */
export const FollowTokenQuerySchema = v.object({
  token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not complete.')),
});
