/**
 * The served OpenAPI document passes `redocly lint` with the recommended
 * rules (redocly.yaml: only the trailing-slash rule is off, with its reason)
 * without a warning, and says the protocol's parts as parameters, headers and
 * responses a generator can read, not as prose.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');
// .redocly.lint-ignore.yaml names this path.
const written = '.tmp/openapi-lint/openapi.json';

let t: TestApp;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let doc: any;
beforeAll(async () => {
  t = await startTestApp();
  doc = (await call(t.app, 'GET', '/api/openapi.json')).body;
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('passes redocly lint (recommended rules) with no error and no warning', async () => {
    mkdirSync(join(root, '.tmp/openapi-lint'), { recursive: true });
    writeFileSync(join(root, written), JSON.stringify(doc));
    const cli = join(root, 'node_modules/@redocly/cli/bin/cli.js');
    const { stdout } = await run(process.execPath, [cli, 'lint', written, '--format=summary'], {
      cwd: root,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    }).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`redocly lint failed:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
    });
    expect(stdout).not.toMatch(/^(error|warning)\s/m);
  }, 60_000);

  it('marks public operations `security: []` and the rest with the bearer scheme', () => {
    expect(doc.paths['/api/auth/login/'].post.security).toEqual([]);
    expect(doc.paths['/api/health'].get.security).toEqual([]);
    expect(doc.paths['/api/events/user/'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/auth/report-issue/'].post.security).toEqual([{}, { bearer: [] }]);
  });

  it('describes paging, versions and idempotency as parameters, headers and responses', () => {
    const names = (operation: { parameters?: { $ref: string }[] }) =>
      (operation.parameters ?? []).map((parameter) => parameter.$ref?.split('/').pop());
    const list = doc.paths['/api/events/user/'].get;
    expect(names(list)).toEqual(expect.arrayContaining(['Limit', 'Cursor', 'IfNoneMatch']));
    expect(Object.keys(list.responses['200'].headers)).toEqual(
      expect.arrayContaining(['X-Request-Id', 'ETag', 'X-Next-Cursor', 'Link']),
    );
    expect(list.responses['304']).toEqual({ $ref: '#/components/responses/NotModified' });

    const update = doc.paths['/api/events/{id}/update/'].put;
    expect(names(update)).toEqual(expect.arrayContaining(['IfMatch', 'IdempotencyKey']));
    expect(update.responses['412'].content['application/json'].schema.properties.current).toBeDefined();
    expect(update.responses['422']).toEqual({ $ref: '#/components/responses/IdempotencyKeyReused' });
    expect(update.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    expect(update.responses['503']).toEqual({ $ref: '#/components/responses/ServiceUnavailable' });

    const { parameters, responses, headers } = doc.components;
    expect(parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
    expect(parameters.IfMatch).toMatchObject({ name: 'If-Match', in: 'header' });
    expect(parameters.IfNoneMatch).toMatchObject({ name: 'If-None-Match', in: 'header' });
    expect(parameters.Limit).toMatchObject({ name: 'limit', in: 'query', schema: { maximum: 100 } });
    expect(parameters.Cursor).toMatchObject({ name: 'cursor', in: 'query' });
    expect(headers.RetryAfter.schema.type).toBe('integer');
    expect(responses.TooManyRequests.headers['Retry-After']).toEqual({ $ref: '#/components/headers/RetryAfter' });
    expect(responses.ServiceUnavailable.headers['Retry-After']).toBeDefined();
  });

  it('leaves Idempotency-Key off the writes whose answers are credentials', () => {
    const takesKey = (operation: { parameters?: { $ref: string }[] }) =>
      (operation.parameters ?? []).some((parameter) => parameter.$ref === '#/components/parameters/IdempotencyKey');
    expect(takesKey(doc.paths['/api/auth/login/'].post)).toBe(false);
    expect(takesKey(doc.paths['/api/auth/refresh/'].post)).toBe(false);
    expect(takesKey(doc.paths['/api/auth/register/'].post)).toBe(true);
    expect(takesKey(doc.paths['/api/events/create/'].post)).toBe(true);
  });
});
