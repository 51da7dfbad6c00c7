/**
 * What an operator runs on: a request id on every response and in
 * every 5xx detail, one JSON log line per request, unexpected errors sent to
 * the error hook (ERROR_WEBHOOK_URL), liveness that never needs the database
 * and readiness that does (contract §3).
 */
import { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReporter } from '../../server/services/error-reporter.ts';
import type { ImageStore } from '../../server/services/image-store.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/** A media store whose reads fail: an honest way to make the API answer 500. */
function brokenStore(message: string): ImageStore {
  const fail = async (): Promise<never> => {
    throw new TypeError(message);
  };
  return { put: fail, get: fail, open: fail, exists: fail, delete: fail };
}
const BROKEN_PATH = '/api/media/AAAAAAAAAAAAAAAAAAAAAA.png';

function captureLog(): { lines: Record<string, unknown>[]; logger: pino.Logger } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, sink) };
}

let webhook: Server;
let webhookUrl: string;
const reports: Record<string, unknown>[] = [];
beforeAll(async () => {
  webhook = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      reports.push(JSON.parse(body));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(webhook.address() as { port: number }).port}/hook`;
});
afterAll(() => new Promise((resolve) => webhook.close(resolve)));

describe('request ids and the request log', () => {
  let t: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    t = await startTestApp({ deps: { logger: log.logger, images: brokenStore('kaboom') } });
  });
  afterAll(() => t.close());

  it('echoes a sane incoming X-Request-Id and logs one JSON line with it', async () => {
    const res = await t.app.request('/api/openapi.json?email=secret@example.com', {
      headers: { 'X-Request-Id': 'lb-0123456789abcdef' },
    });
    expect(res.headers.get('x-request-id')).toBe('lb-0123456789abcdef');
    const line = log.lines.find((l) => l.reqId === 'lb-0123456789abcdef');
    expect(line).toMatchObject({ method: 'GET', path: '/api/openapi.json', status: 200, level: 30, msg: 'request' });
    expect(line?.ms).toEqual(expect.any(Number));
    expect(JSON.stringify(line)).not.toContain('secret@example.com');
  });

  it('replaces an unusable X-Request-Id with a fresh one', async () => {
    for (const bad of ['a b c d e f g h', 'x'.repeat(300), '<script>', 'short']) {
      const res = await t.app.request('/api/health', { headers: { 'X-Request-Id': bad } });
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    const a = await t.app.request('/api/health');
    const b = await t.app.request('/api/health');
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });

  it('puts the request id into the detail of a 5xx and logs the error', async () => {
    const res = await t.app.request(BROKEN_PATH, { headers: { 'X-Request-Id': 'trace-5xx-000001' } });
    expect(res.status).toBe(500);
    expect(res.headers.get('x-request-id')).toBe('trace-5xx-000001');
    const body = (await res.json()) as { detail: string };
    expect(body.detail).toBe('Something went wrong on our side. Please try again. (Request id: trace-5xx-000001)');
    expect(log.lines.find((l) => l.msg === 'Unhandled error' && l.requestId === 'trace-5xx-000001')).toBeTruthy();
    expect(JSON.stringify(body)).not.toContain('kaboom');
  });

  it('leaves 4xx details alone', async () => {
    const res = await t.app.request('/api/no/such/thing/');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { detail: string }).detail).not.toContain('Request id');
  });
});

describe('the error hook', () => {
  it('POSTs unexpected errors to ERROR_WEBHOOK_URL with the request id, without slowing the answer', async () => {
    const quiet = captureLog();
    const t = await startTestApp({
      config: { errorWebhookUrl: webhookUrl },
      deps: { logger: quiet.logger, images: brokenStore('the webhook should hear about this') },
    });
    const res = await t.app.request(BROKEN_PATH, { headers: { 'X-Request-Id': 'hook-test-000001' } });
    expect(res.status).toBe(500);
    await expect.poll(() => reports.length, { timeout: 5000 }).toBeGreaterThan(0);
    expect(reports[0]).toMatchObject({
      name: 'TypeError',
      message: 'the webhook should hear about this',
      requestId: 'hook-test-000001',
      method: 'GET',
      path: BROKEN_PATH,
    });
    await t.close();
  });

  it('only logs a warning when the webhook cannot be reached', async () => {
    const log = captureLog();
    errorReporter(log.logger, 'http://127.0.0.1:1/nothing-listens', 2000)(new Error('x'), { where: 'test' });
    await expect.poll(() => log.lines.some((l) => l.msg === 'Error webhook unreachable'), { timeout: 5000 }).toBe(true);
  });
});

describe('health and readiness', () => {
  it('ready: 200 when migrated; 503 with a detail when a migration is missing; health stays 200', async () => {
    const t = await startTestApp();
    expect((await t.app.request('/api/ready')).status).toBe(200);
    await t.db.query("DELETE FROM schema_migrations WHERE name = '010-stateless.sql'");
    const notReady = await t.app.request('/api/ready');
    expect(notReady.status).toBe(503);
    expect(((await notReady.json()) as { detail: string }).detail).toMatch(/^Not ready: 1 database migration/);
    expect((await t.app.request('/api/health')).status).toBe(200);
    await t.close();
  });

  it('ready: 503 when the database does not answer; health (liveness) still 200', async () => {
    const t = await startTestApp();
    await t.close();
    const notReady = await t.app.request('/api/ready');
    expect(notReady.status).toBe(503);
    expect(((await notReady.json()) as { detail: string }).detail).toMatch(/database does not answer/);
    expect((await t.app.request('/api/health')).status).toBe(200);
  });
});
