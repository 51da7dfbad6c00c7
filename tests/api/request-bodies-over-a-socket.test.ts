/**
 * Write bodies as a real server reads them off a socket: a declared length
 * over the limit is refused from the header alone, a chunked body is counted
 * as it arrives, and bodies within the limit are read whichever way they came
 * (the in-process tests go through a web Request and cannot show this).
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../e2e/support/server-process.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ SEED_DEMO: '1' });
}, 60_000);
afterAll(() => server.stop());

const login = (password: string) => JSON.stringify({ email: 'promoter@example.com', password });
const oversized = JSON.stringify({ email: 'promoter@example.com', password: 'x'.repeat(70 * 1024) });

/** POSTs `chunks` to the login endpoint, chunked unless `declareLength`. */
function post(chunks: string[], declareLength: boolean): Promise<{ status: number; body: string }> {
  const total = chunks.reduce((n, chunk) => n + Buffer.byteLength(chunk), 0);
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.baseURL}/api/auth/login/`,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(declareLength ? { 'Content-Length': String(total) } : { 'Transfer-Encoding': 'chunked' }),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

const inChunks = (text: string, size: number) =>
  Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

describe('write bodies over a socket', () => {
  it('reads a body within the limit, with a declared length or chunked', async () => {
    expect((await post([login('demo-password-1')], true)).status).toBe(200);
    expect((await post(inChunks(login('demo-password-1'), 7), false)).status).toBe(200);
    const wrong = await post(inChunks(login('not-the-password'), 5), false);
    expect(wrong.status).toBe(401);
  });

  it('refuses a declared length over 64 KB with a JSON 413', async () => {
    const res = await post([oversized], true);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ detail: 'The request body is too large.' });
  });

  it('refuses a chunked body once it passes 64 KB', async () => {
    const res = await post(inChunks(oversized, 8 * 1024), false);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ detail: 'The request body is too large.' });
  });
});
