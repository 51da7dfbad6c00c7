/**
 * Request size limits, answered with a JSON 413 before a large body is read:
 * 64 KB for JSON, and a little over the 10 MB image limit for multipart forms.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_IMAGE_BYTES } from '../../src/shared/contract/event.ts';
import type { ApiEnv } from '../context.ts';
import { problemBody } from './problem.ts';

export const MAX_JSON_BYTES = 64 * 1024;
export const MAX_FORM_BYTES = MAX_IMAGE_BYTES + 512 * 1024;

export function bodyLimits(): MiddlewareHandler<ApiEnv> {
  const json = bodyLimit({
    maxSize: MAX_JSON_BYTES,
    onError: (c) => c.json(problemBody('The request body is too large.'), 413),
  });
  const form = bodyLimit({
    maxSize: MAX_FORM_BYTES,
    onError: (c) => c.json(problemBody('The upload is too large. Images can be at most 10 MB.'), 413),
  });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    return type.startsWith('multipart/form-data') ? form(c, next) : json(c, next);
  };
}
