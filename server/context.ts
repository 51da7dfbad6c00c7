/**
 * What every API router receives: the database, configuration and the
 * injected world (clock, randomness, mail, image storage, places provider),
 * plus the Hono environment type that carries the caller through a request.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from './config.ts';
import type { DeclaredLimit, TeamRule } from './http/route-policy.ts';
import type { Db } from './db/client.ts';
import type { AccessClaims, AccessTokens } from './services/access-tokens.ts';
import type { ImageStore } from './services/image-store.ts';
import type { MailQueue } from './services/mail-queue.ts';
import type { PlacesProvider } from './services/places/provider.ts';
import type { RateLimitPolicy } from './services/rate-limit.ts';
import type { WritePolicy } from './services/write-policy.ts';

export interface Clock {
  now(): number;
}

export interface Services {
  db: Db;
  config: Config & { jwtSecret: string };
  clock: Clock;
  /** A number in [0, 1); fault injection draws from it. */
  random: () => number;
  /** Outgoing mail: `mail.via(tx).send(…)` queues it in the caller's transaction. */
  mail: MailQueue;
  images: ImageStore;
  places: PlacesProvider;
  limits: RateLimitPolicy;
  /** Per-account write limits, event cap and image quota. */
  writePolicy: WritePolicy;
  tokens: AccessTokens;
}

/**
 * What declared routes enforce (http/route.ts), made once per app by http/route-guards.ts.
 * Named here beside ApiEnv, which every guard's type needs, so the two modules do not import
 * each other; `chaos` is null unless CHAOS is set.
 */
export interface RouteGuards {
  chaos: MiddlewareHandler<ApiEnv> | null;
  sameSiteJson: MiddlewareHandler<ApiEnv>;
  jsonLimit: MiddlewareHandler<ApiEnv>;
  uploadLimit: MiddlewareHandler<ApiEnv>;
  endsSessions: MiddlewareHandler<ApiEnv>;
  endsSessionsWhenRefused: MiddlewareHandler<ApiEnv>;
  idempotency: MiddlewareHandler<ApiEnv>;
  /** Counts a request into its route's declared limits; throws 429 when one is exceeded. */
  limits: (c: Context<ApiEnv>, limits: readonly DeclaredLimit[]) => Promise<void>;
  /** Resolves X-Account for a bearer route: the request becomes the owner's, or 400/403. */
  team: (c: Context<ApiEnv>, rule: TeamRule) => Promise<void>;
}

/** Per-request values set by middleware. */
export interface ApiVariables {
  /** The signed-in caller, when a valid bearer token came with the request. */
  user: AccessClaims | null;
  /** The client's address bucket for limits (X-Forwarded-For only when TRUST_PROXY=1; IPv6 by /64, see http/client-ip.ts). */
  ip: string;
  /** This request's id (X-Request-Id), in the log line and every 5xx detail. */
  requestId: string;
  /** What declared routes enforce (http/route.ts), made once per app. */
  guards: RouteGuards;
}

export interface ApiEnv {
  Variables: ApiVariables;
  Bindings: { incoming?: { socket?: { remoteAddress?: string; destroy(): void } } };
}

export type ApiContext = Context<ApiEnv>;
