/**
 * `GET /api/openapi.json`: the document, built on the first request (it
 * depends only on the app's routes) and cached by clients for an hour.
 */
import type { Handler, Hono } from 'hono';
import type { ApiEnv } from '../../context.ts';
import { openApiDocument } from './document.ts';

export function serveOpenApi(app: () => Hono<ApiEnv>): Handler<ApiEnv> {
  let body: Promise<string> | null = null;
  return async (c) => {
    body ??= openApiDocument(app()).then(
      (document) => JSON.stringify(document),
      (error: unknown) => {
        body = null; // a bug to report, not an answer to keep
        throw error;
      },
    );
    return c.body(await body, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=3600' });
  };
}
