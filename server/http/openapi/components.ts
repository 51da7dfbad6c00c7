/**
 * The pieces of the OpenAPI document every operation shares: the error
 * body, the error answers (with Retry-After where a client should wait),
 * the protocol's headers and parameters (contract §3).
 */
import { ProblemSchema } from '../../../src/shared/contract/problem.ts';
import { toJsonSchema, type JsonSchema } from './json-schema.ts';

/** Error statuses a route can answer, each with `{"detail": "…"}`. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 422 | 429 | 501 | 502 | 503;

export const requestIdHeader = { $ref: '#/components/headers/XRequestId' };
const retryAfterHeader = { $ref: '#/components/headers/RetryAfter' };

const problem = { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } };

function errorAnswer(description: string, extraHeaders: JsonSchema = {}): JsonSchema {
  return { description, headers: { 'X-Request-Id': requestIdHeader, ...extraHeaders }, content: problem };
}

/** The component name of each error answer. */
export const errorResponses: Record<ErrorStatus, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  412: 'PreconditionFailed',
  413: 'ContentTooLarge',
  415: 'UnsupportedMediaType',
  422: 'IdempotencyKeyReused',
  429: 'TooManyRequests',
  501: 'NotImplemented',
  502: 'BadGateway',
  503: 'ServiceUnavailable',
};

export const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });
export const parameterRef = (name: string) => ({ $ref: `#/components/parameters/${name}` });

export function sharedComponents(): JsonSchema {
  return {
    schemas: { Problem: toJsonSchema(ProblemSchema) },
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    headers: {
      XRequestId: {
        description:
          "This request's id (the caller's when sane, else new); it is in the log line and every 5xx detail.",
        schema: { type: 'string' },
      },
      RetryAfter: { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } },
    },
    parameters: {
      Account: {
        name: 'X-Account',
        in: 'header',
        required: false,
        description:
          "A team member acts for the owner with this id (contract §12): 403 when not a member or outside the member's role, 400 when not an id.",
        schema: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' },
      },
      IdempotencyKey: {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'The same key from the same caller within 24 hours gets the first answer back, applied once.',
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
      },
      IfMatch: {
        name: 'If-Match',
        in: 'header',
        required: false,
        description: 'The version (ETag) the change was made to; another one is refused with 412.',
        schema: { type: 'string' },
      },
      IfNoneMatch: {
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'The ETag of the copy the client holds; 304 while it is current.',
        schema: { type: 'string' },
      },
      Limit: {
        name: 'limit',
        in: 'query',
        required: false,
        description: 'Ask for one page of this many items (with `cursor`, the page after it).',
        schema: { type: 'integer', minimum: 1, maximum: 100 },
      },
      Cursor: {
        name: 'cursor',
        in: 'query',
        required: false,
        description: 'Where the page starts: the X-Next-Cursor of the page before.',
        schema: { type: 'string' },
      },
    },
    responses: {
      NotModified: {
        description: 'The copy named by If-None-Match is current.',
        headers: {
          'X-Request-Id': requestIdHeader,
          ETag: { description: 'The current version.', schema: { type: 'string' } },
        },
      },
      BadRequest: errorAnswer('Bad input; `errors` may name the fields.'),
      Unauthorized: errorAnswer('No token, or an expired one.', {
        'WWW-Authenticate': { description: 'Bearer.', schema: { type: 'string' } },
      }),
      Forbidden: errorAnswer('Not allowed for this account, or a request from another website.'),
      NotFound: errorAnswer('Not found, or not yours.'),
      Conflict: errorAnswer(
        'Conflicts with what exists, or a request with this Idempotency-Key is still being processed (then with Retry-After).',
        { 'Retry-After': retryAfterHeader },
      ),
      PreconditionFailed: errorAnswer('If-Match named a version that is no longer current.'),
      ContentTooLarge: errorAnswer('The body is too large.'),
      UnsupportedMediaType: errorAnswer('The body is not of a type this endpoint reads.'),
      IdempotencyKeyReused: errorAnswer('This Idempotency-Key was already used for a different request.'),
      TooManyRequests: errorAnswer('Rate limited.', { 'Retry-After': retryAfterHeader }),
      NotImplemented: errorAnswer('This server does not offer what was asked (an oEmbed format other than JSON).'),
      BadGateway: errorAnswer('An upstream service did not answer.'),
      ServiceUnavailable: errorAnswer('The database (or another resource) is unavailable for now.', {
        'Retry-After': retryAfterHeader,
      }),
    },
  };
}
