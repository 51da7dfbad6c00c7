/**
 * One route's OpenAPI operation, from its declaration (../route.ts). The
 * valibot schemas of src/shared/contract become JSON Schema
 * (json-schema.ts), so the document says what the server validates. What the policy implies is written here once,
 * as parameters, headers and responses rather than prose: an idempotent
 * write takes Idempotency-Key and may answer 409/422, an anonymous one may
 * answer 403/415, a body may be too large (413), and every answer carries
 * X-Request-Id (the shared pieces are in components.ts).
 */
import type { DescribeRouteOptions } from 'hono-openapi';
import type { GenericSchema } from 'valibot';
import type { RoutePolicy } from '../route-policy.ts';
import { errorResponses, type ErrorStatus, parameterRef, requestIdHeader, responseRef } from './components.ts';
import { toJsonSchema } from './json-schema.ts';

export type { ErrorStatus } from './components.ts';

export interface ResponseDoc {
  description: string;
  /** A valibot schema of the JSON body. */
  schema?: GenericSchema;
  /** When the body is not JSON (images). */
  contentType?: string;
}

export interface RouteDoc {
  /** Groups operations in the document. */
  tag: string;
  summary: string;
  /** `bearer`: a valid access token is required; `optional`: used when sent; `none`: public. */
  auth: 'none' | 'bearer' | 'optional';
  /** A valibot object schema of the query string. */
  query?: GenericSchema;
  /** A valibot schema of the JSON body. */
  json?: GenericSchema;
  /** A multipart body: the text fields' valibot object schema, plus file field names. */
  form?: { fields: GenericSchema; files: string[] };
  responses: Record<number, ResponseDoc>;
  /** Error answers besides those the policy implies, each `{"detail": "…"}`. */
  errors?: ErrorStatus[];
  /** `?limit=&cursor=` pages: the next cursor in X-Next-Cursor and Link rel="next". */
  paged?: boolean;
  /** Success answers carry an ETag; `if-none-match` answers 304, `if-match` refuses a stale write (412). */
  etag?: 'plain' | 'if-none-match' | 'if-match';
  /** Answers without the database (liveness, this document): never 503 for its sake. */
  withoutDatabase?: boolean;
}

type Json = Record<string, unknown>;

function security(auth: RouteDoc['auth']): Json[] {
  if (auth === 'bearer') return [{ bearer: [] }];
  if (auth === 'optional') return [{}, { bearer: [] }];
  return [];
}

function successHeaders(doc: RouteDoc): Json {
  return {
    'X-Request-Id': requestIdHeader,
    ...(doc.etag ? { ETag: { description: 'The version of what was answered.', schema: { type: 'string' } } } : {}),
    ...(doc.paged
      ? {
          'X-Next-Cursor': {
            description: 'The cursor of the next page; absent on the last page.',
            schema: { type: 'string' },
          },
          Link: { description: 'The next page, `<…?limit=…&cursor=…>; rel="next"`.', schema: { type: 'string' } },
        }
      : {}),
  };
}

function requestBody(doc: RouteDoc): Json | undefined {
  if (doc.json) return { required: true, content: { 'application/json': { schema: toJsonSchema(doc.json) } } };
  if (!doc.form) return undefined;
  const fields = toJsonSchema(doc.form.fields) as { properties?: Json };
  const files = Object.fromEntries(
    doc.form.files.map((name) => [name, { type: 'string', contentMediaType: 'image/*' }]),
  );
  const schema = { type: 'object', properties: { ...fields.properties, ...files } };
  return { required: true, content: { 'multipart/form-data': { schema } } };
}

function queryParameters(doc: RouteDoc): Json[] {
  if (!doc.query) return [];
  const query = toJsonSchema(doc.query) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query.required?.includes(name) ?? false,
    schema,
  }));
}

/** The error statuses a route can answer: its own plus what its policy implies. */
function errorStatuses(doc: RouteDoc, policy: RoutePolicy): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(doc.errors);
  // X-Account (http/team-access.ts): malformed 400, not a member or outside the role 403.
  if (doc.auth === 'bearer') statuses.add(400).add(401).add(403);
  if (doc.query || doc.json || doc.form) statuses.add(400);
  if (doc.json || doc.form) statuses.add(413).add(415);
  if (policy.anonymous) statuses.add(403).add(415);
  if (policy.idempotent) statuses.add(409).add(422);
  if (doc.etag === 'if-match') statuses.add(412);
  if (policy.limits?.length) statuses.add(429);
  if (!doc.withoutDatabase) statuses.add(503);
  return [...statuses].sort();
}

function responses(doc: RouteDoc, policy: RoutePolicy) {
  const out: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(doc.responses)) {
    const media = response.schema
      ? { 'application/json': { schema: toJsonSchema(response.schema) } }
      : response.contentType
        ? { [response.contentType]: { schema: { type: 'string', contentMediaType: response.contentType } } }
        : undefined;
    const headers = Number(status) < 300 ? successHeaders(doc) : { 'X-Request-Id': requestIdHeader };
    out[status] = { description: response.description, headers, ...(media ? { content: media } : {}) };
  }
  if (doc.etag === 'if-none-match') out['304'] ??= responseRef('NotModified');
  for (const status of errorStatuses(doc, policy)) out[String(status)] ??= responseRef(errorResponses[status]);
  return out;
}

function parameters(doc: RouteDoc, policy: RoutePolicy): Json[] {
  return [
    ...queryParameters(doc),
    ...(doc.auth === 'bearer' ? [parameterRef('Account')] : []),
    ...(doc.paged ? [parameterRef('Limit'), parameterRef('Cursor')] : []),
    ...(doc.etag === 'if-none-match' ? [parameterRef('IfNoneMatch')] : []),
    ...(doc.etag === 'if-match' ? [parameterRef('IfMatch')] : []),
    ...(policy.idempotent ? [parameterRef('IdempotencyKey')] : []),
  ];
}

/** The `describeRoute` options of a declared route (built when the document is, not per app). */
export function operationOf(declaration: RouteDoc & RoutePolicy): DescribeRouteOptions {
  const params = parameters(declaration, declaration);
  const body = requestBody(declaration);
  return {
    tags: [declaration.tag],
    summary: declaration.summary,
    security: security(declaration.auth),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(declaration, declaration),
  } as DescribeRouteOptions;
}
