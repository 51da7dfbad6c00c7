/**
 * What operators and tools ask (contract §3): liveness, readiness, and this
 * API's OpenAPI document.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { apiRoutes } from '../../src/shared/contract/api-routes.ts';
import type { ApiEnv, Services } from '../context.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../http/database-unavailable.ts';
import { serveOpenApi } from '../http/openapi/serve.ts';
import { problemBody } from '../http/problem.ts';
import { route } from '../http/route.ts';

// Neither names the database engine: an unauthenticated caller learns only
// whether the process answers and whether it takes traffic.
const HealthSchema = v.object({ status: v.literal('ok') });
const ReadySchema = v.object({ status: v.literal('ready') });

/** `app`: the whole app, whose routes the OpenAPI document describes. */
export function operationRoutes(services: Services, app: () => Hono<ApiEnv>): Hono<ApiEnv> {
  const router = new Hono<ApiEnv>();

  // Liveness: the process answers. It does not touch the database, so an
  // orchestrator does not restart every instance while the database is away.
  router.get(
    apiRoutes.health,
    route({
      tag: 'operations',
      summary: 'Liveness: 200 while the process runs (the database is not touched).',
      auth: 'none',
      withoutDatabase: true,
      responses: { 200: { description: 'Alive.', schema: HealthSchema } },
    }),
    (c) => c.json({ status: 'ok' }),
  );

  // Readiness (contract §3): send traffic here only when the database answers
  // and every migration this build knows has been applied.
  router.get(
    apiRoutes.ready,
    route({
      tag: 'operations',
      summary: 'Readiness: 200 when the database answers and every migration is applied, else 503.',
      auth: 'none',
      responses: { 200: { description: 'Ready for traffic.', schema: ReadySchema } },
    }),
    async (c) => {
      let pending: string[];
      try {
        pending = await pendingMigrations(services.db);
      } catch {
        return c.json(problemBody('Not ready: the database does not answer.'), 503, {
          'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
        });
      }
      if (pending.length) {
        return c.json(problemBody(`Not ready: ${pending.length} database migration(s) not applied yet.`), 503);
      }
      return c.json({ status: 'ready' });
    },
  );

  router.get(
    apiRoutes.openApi,
    route({
      tag: 'operations',
      summary: 'This document (OpenAPI 3.1).',
      auth: 'none',
      withoutDatabase: true,
      responses: { 200: { description: 'The API description.', contentType: 'application/json' } },
    }),
    serveOpenApi(app),
  );

  return router;
}
