/**
 * The guards a declared route runs (route.ts), made once per app: each holds
 * what it needs (the database, the public origin, the session memory, CHAOS)
 * so a route declaration needs nothing but its facts. The app hands them to
 * every API request (`provideGuards`); `chaos` is null unless CHAOS is set.
 */
import type { MiddlewareHandler } from 'hono';
import type { ApiEnv, RouteGuards, Services } from '../context.ts';
import type { LiveSessions } from '../services/live-sessions.ts';
import { sameSiteJson } from './anonymous-writes.ts';
import { forgetSessionsAfter } from './auth.ts';
import { jsonBodyLimit, uploadBodyLimit } from './body-limits.ts';
import { chaosFaults, type ChaosSettings } from './chaos.ts';
import { idempotency } from './idempotency.ts';
import { declaredLimits } from './declared-limits.ts';
import { teamAccess } from './team-access.ts';

export function routeGuards(
  services: Services,
  options: { live: LiveSessions; chaos: ChaosSettings | null },
): RouteGuards {
  const { config } = services;
  return {
    chaos: options.chaos ? chaosFaults(options.chaos, services.random) : null,
    sameSiteJson: sameSiteJson({ publicUrl: config.publicUrl, trustProxy: config.trustProxy }),
    jsonLimit: jsonBodyLimit(),
    uploadLimit: uploadBodyLimit(),
    endsSessions: forgetSessionsAfter(options.live, false),
    endsSessionsWhenRefused: forgetSessionsAfter(options.live, true),
    idempotency: idempotency(services),
    limits: declaredLimits(services),
    team: teamAccess(services),
  };
}

export function provideGuards(guards: RouteGuards): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    c.set('guards', guards);
    await next();
  };
}
