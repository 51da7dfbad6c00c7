/**
 * What a route declares (server/http/route.ts) is what it enforces, for every
 * route the app registers — walked from the app itself, so a new route is
 * covered the day it is added:
 * - `auth: 'bearer'`: 401 with a sentence and `WWW-Authenticate: Bearer`, with no token or a
 *   forged one, before its body is read (a broken body does not change the answer);
 * - a declared `query` or `json`: input its schema refuses is a 400 with `{detail, errors}`;
 * - the OpenAPI document says the same: bearer routes require the bearer scheme and list 401,
 *   routes without it do not require it, declared input appears as parameters or a body.
 */
import type * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarationOf, type RouteDeclaration } from '../../server/http/route.ts';
import { call, signUp } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = (await signUp(t.app, 'business')).access;
});
afterAll(() => t.close());

interface Declared {
  method: string;
  path: string;
  declaration: RouteDeclaration;
}

function declaredRoutes(): Declared[] {
  const found = new Map<string, Declared>();
  for (const route of t.app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue;
    const declaration = declarationOf(route.handler);
    if (declaration)
      found.set(`${route.method} ${route.path}`, { method: route.method, path: route.path, declaration });
  }
  return [...found.values()];
}

/** A concrete URL for a route pattern: ids become 1, names a word. */
const concrete = (path: string) => path.replace(/:id\b[^/]*/g, '1').replace(/:(\w+)[^/]*/g, 'x');

const forged =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwic2lkIjoiMSIsImV4cCI6NDEwMjQ0NDgwMH0.c2lnbmF0dXJlLW5vdC1vdXJz';

describe('every declared route', () => {
  it('finds the routes it walks', () => {
    const routes = declaredRoutes();
    expect(routes.length).toBeGreaterThan(25);
    expect(routes.filter((r) => r.declaration.auth === 'bearer').length).toBeGreaterThan(10);
  });

  it('answers 401 on a bearer route without a token or with a forged one, whatever its body', async () => {
    const wrong: string[] = [];
    for (const { method, path, declaration } of declaredRoutes()) {
      if (declaration.auth !== 'bearer') continue;
      for (const sent of [undefined, forged]) {
        const res = await call(t.app, method, concrete(path), {
          ...(sent ? { token: sent } : {}),
          ...(method === 'GET' ? {} : { raw: '{"broken json' }),
          headers: { Origin: 'http://127.0.0.1', 'Sec-Fetch-Site': 'same-origin' },
        });
        const ok =
          res.status === 401 &&
          typeof res.body?.detail === 'string' &&
          res.headers.get('www-authenticate') === 'Bearer';
        if (!ok)
          wrong.push(`${method} ${path} (${sent ? 'forged' : 'no'} token): ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses query input its schema refuses with 400 {detail, errors}', async () => {
    const wrong: string[] = [];
    let walked = 0;
    for (const { method, path, declaration } of declaredRoutes()) {
      if (!declaration.query || method !== 'GET') continue;
      // Every key the schema knows, each far too long or of the wrong kind: no declared query takes this.
      const keys = Object.keys((declaration.query as v.ObjectSchema<v.ObjectEntries, undefined>).entries ?? {});
      const query = new URLSearchParams(keys.map((key) => [key, `\u0000${'x'.repeat(5000)}`]));
      const res = await call(t.app, method, `${concrete(path)}?${query}`, {
        token,
        headers: { 'X-Forwarded-For': `10.9.${walked}.1` },
      });
      walked++;
      const ok = res.status === 400 && typeof res.body?.detail === 'string' && typeof res.body?.errors === 'object';
      if (!ok && !(path.startsWith('/api/dev/') && res.status === 403))
        wrong.push(`${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    expect(walked).toBeGreaterThan(4);
    expect(wrong).toEqual([]);
  });

  it('refuses a JSON body its schema refuses with 400 {detail, errors}', async () => {
    const wrong: string[] = [];
    let walked = 0;
    for (const { method, path, declaration } of declaredRoutes()) {
      if (!declaration.json) continue;
      const keys = Object.keys((declaration.json as v.ObjectSchema<v.ObjectEntries, undefined>).entries ?? {});
      // Every field of the wrong type: a number where each schema wants text, a choice or an object.
      const body = Object.fromEntries(keys.map((key) => [key, { nested: [1, 2, 3] }]));
      const res = await call(t.app, method, concrete(path), {
        json: keys.length ? body : [],
        ...(declaration.auth === 'none' ? {} : { token }),
        headers: { 'X-Forwarded-For': `10.8.${walked}.1` },
      });
      walked++;
      const ok = res.status === 400 && typeof res.body?.detail === 'string';
      if (!ok) wrong.push(`${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    expect(walked).toBeGreaterThan(8);
    expect(wrong).toEqual([]);
  });

  it('is documented as it is enforced', async () => {
    const doc = (await call(t.app, 'GET', '/api/openapi.json')).body;
    const wrong: string[] = [];
    for (const { method, path, declaration } of declaredRoutes()) {
      const docPath = path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');
      const operation = doc.paths[docPath]?.[method.toLowerCase()];
      if (!operation) {
        wrong.push(`${method} ${path}: not in the document`);
        continue;
      }
      const bearerRequired = JSON.stringify(operation.security) === JSON.stringify([{ bearer: [] }]);
      if ((declaration.auth === 'bearer') !== bearerRequired)
        wrong.push(`${method} ${path}: security ${JSON.stringify(operation.security)}`);
      if (declaration.auth === 'bearer' && !operation.responses['401']) wrong.push(`${method} ${path}: no 401`);
      if ((declaration.json || declaration.form) && !operation.requestBody) wrong.push(`${method} ${path}: no body`);
      if (declaration.query) {
        const keys = Object.keys((declaration.query as v.ObjectSchema<v.ObjectEntries, undefined>).entries ?? {});
        const documented = (operation.parameters ?? [])
          .filter((p: { in?: string }) => p.in === 'query')
          .map((p: { name: string }) => p.name);
        if (!keys.every((key) => documented.includes(key))) wrong.push(`${method} ${path}: query ${documented}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
