/**
 * The OpenAPI document is built from the declaration beside each route's
 * handler (server/http/route.ts) and the contract's valibot schemas. A route
 * the app registers without a declaration fails here, named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contractAuth from '../../src/shared/contract/auth.ts';
import * as contractEvent from '../../src/shared/contract/event.ts';
import * as contractIssue from '../../src/shared/contract/issue.ts';
import * as contractPlaces from '../../src/shared/contract/places.ts';
import * as contractProfile from '../../src/shared/contract/profile.ts';
import * as contractUser from '../../src/shared/contract/user.ts';
import { uniqueSymbol } from 'hono-openapi';
import { apiRoutes } from '../../src/shared/contract/api-routes.ts';
import { toJsonSchema } from '../../server/http/openapi/json-schema.ts';
import { declarationOf } from '../../server/http/route.ts';
import { call } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The app's API routes, each with the handlers of its chain (middleware and the catch-all 404 are ALL). */
function registeredRoutes(): Map<string, unknown[]> {
  const routes = new Map<string, unknown[]>();
  for (const route of t.app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue;
    const key = `${route.method} ${route.path}`;
    routes.set(key, [...(routes.get(key) ?? []), route.handler]);
  }
  return routes;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe('OpenAPI document', () => {
  it('has a declaration beside every route the app registers; every write says whether it is idempotent', () => {
    const undeclared: string[] = [];
    const undecided: string[] = [];
    const registered = registeredRoutes();
    for (const [key, handlers] of registered) {
      const declaration = handlers.map(declarationOf).find(Boolean);
      if (!declaration || !handlers.some((handler) => uniqueSymbol in (handler as object))) undeclared.push(key);
      else if (WRITES.has(key.split(' ')[0]!) && declaration.idempotent === undefined) undecided.push(key);
    }
    expect(undeclared, 'add route({...}) before the handler (server/http/route.ts)').toEqual([]);
    expect(undecided, 'a write declares idempotent: true or false').toEqual([]);
    expect(registered.size).toBeGreaterThan(20);
  });

  it('registers exactly the paths of the shared route table', () => {
    const served = new Set([...registeredRoutes().keys()].map((key) => key.split(' ')[1]));
    const table = new Set(Object.values(apiRoutes).map((path) => `/api${path}`));
    expect([...served].sort()).toEqual([...table].sort());
  });

  it('is served at /api/openapi.json as OpenAPI 3.1 with schemas from the contract', async () => {
    const res = await call(t.app, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/events/{id}/update/');

    const login = doc.paths['/api/auth/login/'].post;
    const loginBody = login.requestBody.content['application/json'].schema;
    expect(loginBody.required).toEqual(['email', 'password']);
    expect(loginBody.properties.email).toMatchObject({ type: 'string', format: 'email', maxLength: 254 });
    expect(login.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    expect(doc.components.responses.Unauthorized.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Problem',
    });
    expect(login.security).toEqual([]);

    const autocomplete = doc.paths['/api/media_feed/places-autocomplete/'].get;
    expect(autocomplete.parameters).toContainEqual({
      name: 'input',
      in: 'query',
      required: true,
      schema: { type: 'string', maxLength: 200 },
    });
    const update = doc.paths['/api/events/{id}/update/'].put;
    expect(update.parameters).toContainEqual({ name: 'id', in: 'path', required: true, schema: { type: 'string' } });
    expect(Object.keys(update.requestBody.content['multipart/form-data'].schema.properties)).toEqual(
      expect.arrayContaining(['title', 'keywords', 'cover_image']),
    );
    expect(update.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/dev/mailbox']).toBeDefined();
  });

  it('converts every schema the contract exports', () => {
    const modules = [contractAuth, contractEvent, contractIssue, contractPlaces, contractProfile, contractUser];
    let converted = 0;
    for (const module of modules) {
      for (const [name, value] of Object.entries(module)) {
        if (!name.endsWith('Schema')) continue;
        expect(() => toJsonSchema(value as never), name).not.toThrow();
        converted++;
      }
    }
    expect(converted).toBeGreaterThan(20);
  });
});
