/**
 * Issue 13 item 5: the OpenAPI document is built from one list of route
 * descriptions (server/http/openapi/route-docs.ts) and the contract's valibot
 * schemas. A route the app registers without a description, or a description
 * of a route that does not exist, fails here — with the entries to add or
 * remove spelled out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contractAuth from '../../src/shared/contract/auth.ts';
import * as contractEvent from '../../src/shared/contract/event.ts';
import * as contractIssue from '../../src/shared/contract/issue.ts';
import * as contractPlaces from '../../src/shared/contract/places.ts';
import * as contractProfile from '../../src/shared/contract/profile.ts';
import * as contractUser from '../../src/shared/contract/user.ts';
import { toJsonSchema } from '../../server/http/openapi/json-schema.ts';
import { routeDocs } from '../../server/http/openapi/route-docs.ts';
import { call } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The app's own routes: middleware and the catch-all 404 are registered as ALL. */
function registeredRoutes(): string[] {
  const seen = new Set<string>();
  for (const route of t.app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue;
    seen.add(`${route.method} ${route.path}`);
  }
  return [...seen].sort();
}

function skeleton(key: string): string {
  const [method, path] = key.split(' ');
  return `  { method: '${method}', path: '${path}', tag: '…', summary: '…', auth: 'bearer', responses: { 200: ok('…') }, errors: [400, 401] },`;
}

describe('OpenAPI document', () => {
  it('describes exactly the routes the app registers', () => {
    const registered = registeredRoutes();
    const described = routeDocs.map((doc) => `${doc.method} ${doc.path}`).sort();
    const missing = registered.filter((key) => !described.includes(key));
    const stale = described.filter((key) => !registered.includes(key));
    const duplicated = described.filter((key, i) => described.indexOf(key) !== i);
    const report = [
      ...(missing.length
        ? [
            'Routes without a description — add to routeDocs in server/http/openapi/route-docs.ts:',
            ...missing.map(skeleton),
          ]
        : []),
      ...(stale.length
        ? [
            'Descriptions without a route — remove from server/http/openapi/route-docs.ts:',
            ...stale.map((k) => `  ${k}`),
          ]
        : []),
      ...(duplicated.length ? ['Described twice:', ...duplicated.map((k) => `  ${k}`)] : []),
    ].join('\n');
    expect(report).toBe('');
    expect(registered.length).toBeGreaterThan(20);
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
    expect(login.responses['401'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Problem' });

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
        expect(() => toJsonSchema(value), name).not.toThrow();
        converted++;
      }
    }
    expect(converted).toBeGreaterThan(20);
  });
});
