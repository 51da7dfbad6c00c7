/**
 * Builds the OpenAPI 3.1 document from route-docs.ts. Everything in it comes
 * from the route list and the contract's valibot schemas, so the document
 * cannot drift from what the server validates.
 */
import { ProblemSchema } from '../../../src/shared/contract/problem.ts';
import { brand } from '../../../src/brand.ts';
import { toJsonSchema, type JsonSchema } from './json-schema.ts';
import type { ErrorStatus, RouteDoc } from './route-doc.ts';
import { routeDocs } from './route-docs.ts';

const errorText: Record<ErrorStatus, string> = {
  400: 'Bad input; `errors` may name the fields.',
  401: 'No token, or an expired one.',
  403: 'Not allowed for this account.',
  404: 'Not found, or not yours.',
  409: 'Conflicts with what exists.',
  412: 'If-Match was stale.',
  413: 'Too large.',
  415: 'Wrong media type.',
  422: 'Idempotency-Key reused with a different request.',
  429: 'Rate limited; Retry-After says when to try again.',
  502: 'An upstream service did not answer.',
  503: 'Not ready.',
};

/** `/api/events/:id/` → `/api/events/{id}/`. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:(\w+)/g, '{$1}');
}

function parameters(route: RouteDoc): JsonSchema[] {
  const inPath = [...route.path.matchAll(/:(\w+)/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (!route.query) return inPath;
  const query = toJsonSchema(route.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
  const inQuery = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query.required?.includes(name) ?? false,
    schema,
  }));
  return [...inPath, ...inQuery];
}

function requestBody(route: RouteDoc): JsonSchema | undefined {
  if (route.json) return { required: true, content: { 'application/json': { schema: toJsonSchema(route.json) } } };
  if (!route.multipart) return undefined;
  const fields = toJsonSchema(route.multipart.fields) as { properties?: Record<string, JsonSchema> };
  const files = Object.fromEntries(
    (route.multipart.files ?? []).map((name) => [name, { type: 'string', contentMediaType: 'image/*' }]),
  );
  return {
    required: true,
    content: { 'multipart/form-data': { schema: { type: 'object', properties: { ...fields.properties, ...files } } } },
  };
}

function responses(route: RouteDoc): JsonSchema {
  const out: JsonSchema = {};
  for (const [status, response] of Object.entries(route.responses)) {
    const content = response.schema
      ? { 'application/json': { schema: toJsonSchema(response.schema) } }
      : response.contentType
        ? { [response.contentType]: {} }
        : undefined;
    out[status] = { description: response.description, ...(content ? { content } : {}) };
  }
  for (const status of route.errors ?? []) {
    out[status] ??= {
      description: errorText[status],
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } },
    };
  }
  return out;
}

function operation(route: RouteDoc): JsonSchema {
  const params = parameters(route);
  const body = requestBody(route);
  return {
    operationId: `${route.method.toLowerCase()}${openApiPath(route.path).replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    tags: [route.tag],
    summary: route.summary,
    ...(route.auth === 'bearer' ? { security: [{ bearer: [] }] } : {}),
    ...(route.auth === 'optional' ? { security: [{}, { bearer: [] }] } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(route),
  };
}

/** The document; `devMailbox` says whether the dev-only routes are mounted. */
export function openApiDocument(options: { devMailbox: boolean; routes?: RouteDoc[] }): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const route of options.routes ?? routeDocs) {
    if (route.devOnly && !options.devMailbox) continue;
    const path = (paths[openApiPath(route.path)] ??= {});
    path[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${brand.name} API`,
      version: '1',
      description:
        'Errors are JSON {"detail": "<sentence>"}. Writes accept Idempotency-Key; event updates accept If-Match.',
    },
    paths,
    components: {
      schemas: { Problem: toJsonSchema(ProblemSchema) },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
