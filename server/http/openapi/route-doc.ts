/**
 * The shape of one route's description (route-docs.ts holds the list).
 * Schemas are the valibot schemas of src/shared/contract; the document
 * builder turns them into JSON Schema.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Error statuses a route can answer, each with `{"detail": "…"}`. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 422 | 429 | 502 | 503;

export interface ResponseDoc {
  description: string;
  /** A valibot schema of the JSON body. */
  schema?: unknown;
  /** When the body is not JSON (images, HTML). */
  contentType?: string;
}

export interface RouteDoc {
  method: HttpMethod;
  /** As Hono registers it, `:name` for path parameters: `/api/events/:id/update/`. */
  path: string;
  /** Groups routes in the document. */
  tag: string;
  summary: string;
  /** `bearer`: a valid access token is required; `optional`: used when sent. */
  auth: 'none' | 'bearer' | 'optional';
  /** A valibot object schema of the query string. */
  query?: unknown;
  /** A valibot schema of the JSON body. */
  json?: unknown;
  /** A multipart body: the text fields' valibot object schema, plus file field names. */
  multipart?: { fields: unknown; files?: string[] };
  responses: Record<number, ResponseDoc>;
  errors?: ErrorStatus[];
  /** Mounted only without SMTP_URL and outside production (the dev mailbox). */
  devOnly?: boolean;
}
