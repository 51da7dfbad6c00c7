/**
 * `GET /api/openapi.json`: the document, built once per app (it depends only
 * on code) and cached by clients for an hour.
 */
import type { Handler } from 'hono';
import type { ApiEnv } from '../../context.ts';
import { openApiDocument } from './document.ts';

export function serveOpenApi(options: { devMailbox: boolean }): Handler<ApiEnv> {
  let body: string | null = null;
  return (c) => {
    body ??= JSON.stringify(openApiDocument(options));
    return c.body(body, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=3600' });
  };
}
