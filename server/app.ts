/**
 * The API as a plain Hono app, built from its dependencies so tests run it
 * in-process (`app.request()`) against a fresh PGlite, with no socket.
 */
import { Hono } from 'hono';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { ApiError, problemBody } from './http/problem.ts';
import { securityHeaders } from './http/security-headers.ts';

export interface Clock {
  now(): number;
}

export interface AppDeps {
  db: Db;
  config: Config;
  clock?: Clock;
}

export function createApp(deps: AppDeps): Hono {
  const app = new Hono();
  app.use('*', securityHeaders({ trustProxy: deps.config.trustProxy }));

  const api = new Hono();
  api.get('/health', async (c) => {
    await deps.db.query('SELECT 1');
    return c.json({ status: 'ok', database: deps.db.engine });
  });
  api.all('*', (c) => c.json(problemBody(`No API endpoint at ${c.req.method} ${c.req.path}.`), 404));

  app.route('/api', api);
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      return c.json(problemBody(error.detail, error.errors), error.status, error.headers);
    }
    console.error('Unhandled API error', error);
    return c.json(problemBody('Something went wrong on our side. Please try again.'), 500);
  });
  return app;
}
