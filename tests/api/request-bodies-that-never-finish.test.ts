/**
 * Bodies that never arrive in full, over a real socket: a chunked body with no end is cut with 408 once the request-body
 * time is up, and an upload the client aborts half-way is logged as the
 * client's doing — a warning with its reason — never as a 500 nor posted to
 * the error webhook.
 */
import { createServer, request, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../e2e/support/server-process.ts';

let server: RunningServer;
let webhook: Server;
const reports: string[] = [];
beforeAll(async () => {
  webhook = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      reports.push(body);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  const hook = `http://127.0.0.1:${(webhook.address() as { port: number }).port}/hook`;
  server = await startServer({ REQUEST_BODY_TIMEOUT_SECONDS: '2', ERROR_WEBHOOK_URL: hook });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => webhook.close(resolve));
});

/** Starts a chunked POST, writes `first`, and never ends it. */
function unfinished(path: string, headers: Record<string, string>, first: string | Buffer) {
  const started = Date.now();
  const req = request(`${server.baseURL}${path}`, {
    method: 'POST',
    headers: { ...headers, 'Transfer-Encoding': 'chunked' },
  });
  const answer = new Promise<{ status: number; ms: number } | { error: string; ms: number }>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, ms: Date.now() - started });
    });
    req.on('error', (error) => resolve({ error: error.message, ms: Date.now() - started }));
  });
  req.write(first);
  return { req, answer };
}

async function accessToken(): Promise<string> {
  const response = await fetch(`${server.baseURL}/api/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'promoter@example.com', password: 'demo-password-1' }),
  });
  return ((await response.json()) as { access: string }).access;
}

describe('request bodies that never finish', () => {
  it('cuts a chunked body with no end with 408 once the body time is up', async () => {
    const { req, answer } = unfinished('/api/auth/login/', { 'Content-Type': 'application/json' }, '{"email":');
    const outcome = await Promise.race([
      answer,
      new Promise<{ error: string; ms: number }>((resolve) =>
        setTimeout(() => resolve({ error: 'still open after 15 s', ms: 15_000 }), 15_000),
      ),
    ]);
    req.destroy();
    expect(outcome).toMatchObject({ status: 408 });
    // 2 s allowed, checked every 0.5 s.
    expect(outcome.ms).toBeLessThan(5_000);
  }, 20_000);

  it('logs an upload the client aborts as a warning with its reason: no 500, nothing posted to the webhook', async () => {
    const token = await accessToken();
    const before = server.output().length;
    const { req } = unfinished(
      '/api/events/create/',
      { Authorization: `Bearer ${token}`, 'Content-Type': 'multipart/form-data; boundary=XX' },
      '--XX\r\nContent-Disposition: form-data; name="title"\r\n\r\nAborted upload\r\n--XX\r\n' +
        'Content-Disposition: form-data; name="cover_image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
    );
    req.write(Buffer.alloc(200_000, 7));
    await new Promise((resolve) => setTimeout(resolve, 300));
    req.destroy();
    // The server notices the hang-up when it next reads; on a busy host that can take a while.
    const logLines = () =>
      server
        .output()
        .slice(before)
        .split('\n')
        .filter((line) => line.includes('/api/events/create/'));
    for (let waited = 0; waited < 10_000 && !logLines().some((line) => line.includes('request aborted')); waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const log = logLines();
    expect(log.some((line) => line.includes('"status":500'))).toBe(false);
    expect(log.some((line) => line.includes('Unhandled error'))).toBe(false);
    const aborted = log.find((line) => line.includes('request aborted'));
    expect(aborted).toBeDefined();
    expect(JSON.parse(aborted!)).toMatchObject({ level: 40, reason: expect.stringContaining('connection closed') });
    expect(reports).toEqual([]);
  }, 20_000);
});
