/**
 * METRICS_PORT (contract §2): Prometheus text on HOST:METRICS_PORT/metrics,
 * never on the public port; requests counted and timed by method, route
 * pattern (not the raw path) and status; the process and Node.js defaults
 * (event-loop lag among them); write rejections an outbox meets; the image
 * cache's bytes. Scraped from a real server process and parsed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePrometheusText, type Scrape } from '../support/prometheus-text.ts';
import { baseEnv, freePort, startServer, type ServerProcess } from '../support/server-process.ts';

let server: ServerProcess;
let base = '';
let metricsUrl = '';

async function scrape(): Promise<Scrape> {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await response.text());
}

beforeAll(async () => {
  const [port, metricsPort] = [await freePort(), await freePort()];
  base = `http://127.0.0.1:${port}`;
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  server = startServer(await baseEnv({ PORT: String(port), METRICS_PORT: String(metricsPort) }));
  await server.ready;
}, 60_000);

afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
});

describe('metrics on METRICS_PORT', () => {
  it('count and time requests by method, route pattern and status', async () => {
    await fetch(`${base}/api/health`);
    await fetch(`${base}/api/health`);
    await fetch(`${base}/api/events/4242/delete/`, { method: 'DELETE' }); // 401: no token
    await fetch(`${base}/api/no-such-thing/secret-looking-path`);
    await fetch(`${base}/e/987654/some-slug`);
    const metrics = await scrape();

    expect(metrics.types.get('http_requests_total')).toBe('counter');
    expect(metrics.types.get('http_request_duration_seconds')).toBe('histogram');
    const health = metrics.find('http_requests_total', { method: 'GET', route: '/api/health', status: '200' });
    expect(health[0]?.value).toBeGreaterThanOrEqual(2);
    expect(
      metrics.find('http_requests_total', { method: 'DELETE', route: '/api/events/:id/delete/', status: '401' })[0]
        ?.value,
    ).toBe(1);
    expect(metrics.find('http_requests_total', { route: '/e/*', status: '404' })).toHaveLength(1);
    // Raw paths never become label values.
    const routes = new Set(metrics.find('http_requests_total').map((s) => s.labels.route));
    for (const route of routes) expect(route).not.toMatch(/4242|987654|secret-looking/);

    const buckets = metrics.find('http_request_duration_seconds_bucket', { route: '/api/health', status: '200' });
    expect(buckets.map((b) => b.labels.le)).toContain('+Inf');
    expect(buckets.find((b) => b.labels.le === '+Inf')?.value).toBe(health[0]!.value);
    expect(metrics.find('http_request_duration_seconds_count', { route: '/api/health' })[0]?.value).toBe(
      health[0]!.value,
    );
  });

  it('count write rejections an outbox meets (here 429 from login attempts)', async () => {
    for (let i = 0; i < 12; i++) {
      await fetch(`${base}/api/auth/login/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-1' }),
      });
    }
    const metrics = await scrape();
    const limited = metrics.find('roamly_write_rejections_total', { route: '/api/auth/login/', status: '429' });
    expect(limited[0]?.value).toBeGreaterThan(0);
  });

  it('include the process and Node.js defaults, event-loop lag and the image cache', async () => {
    const metrics = await scrape();
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'roamly_image_cache_bytes',
      'roamly_mail_queue_depth',
      'roamly_mail_queue_dead',
    ])
      expect(metrics.find(name).length, name).toBeGreaterThan(0);
  });

  it('are not on the public port', async () => {
    const response = await fetch(`${base}/metrics`);
    expect(await response.text()).not.toContain('http_requests_total');
    expect((await fetch(`${metricsUrl.replace('/metrics', '/')}`)).status).toBe(404);
  });
});
