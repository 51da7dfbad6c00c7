/**
 * Prometheus metrics (contract §2, METRICS_PORT). Every process records into
 * prom-client's global registry — the one the cluster's primary aggregates
 * from its API processes (server/http/metrics-server.ts) — and nothing is
 * served on the public port.
 *
 * Other modules add their own numbers without touching this file, e.g.
 *
 *   gaugeSource('roamly_mail_queue_depth', 'Mails waiting to be sent.', () => countQueued());
 *
 * A gauge's value is the sum of its sources (several instances of a module in
 * one process, as in tests, each add theirs); the returned function removes
 * the source again.
 */
import client from 'prom-client';

export const registry = client.register;

/** Seconds; from a cached image (~1 ms) to a slow upload (10 s). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The answers an offline outbox must handle differently from success or a retry. */
const WRITE_REJECTIONS = new Set([409, 412, 422, 429]);

function metric<T>(name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}

const requestsTotal = metric(
  'http_requests_total',
  () =>
    new client.Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'] as const,
    }),
);

const requestDuration = metric(
  'http_request_duration_seconds',
  () =>
    new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: DURATION_BUCKETS,
    }),
);

const writeRejections = metric(
  'roamly_write_rejections_total',
  () =>
    new client.Counter({
      name: 'roamly_write_rejections_total',
      help: 'API writes answered 409 (conflict), 412 (stale If-Match), 422 or 429 (rate limited): what offline outboxes meet.',
      labelNames: ['route', 'status'] as const,
    }),
);

/** One answered request; `route` is the matched route pattern (never the raw path). */
export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  const labels = { method: METHODS.has(method) ? method : 'OTHER', route, status: String(status) };
  requestsTotal.inc(labels);
  requestDuration.observe(labels, seconds);
  if (WRITES.has(method) && WRITE_REJECTIONS.has(status)) writeRejections.inc({ route, status: labels.status });
}

const sources = new Map<string, Set<() => number>>();

/**
 * Adds `read` to the gauge `name` (made on first use); returns a function that removes it.
 * `aggregator` is how the cluster's primary combines its API processes: `sum` for what each
 * process has of its own, `max` for a figure every process reads from the shared database.
 */
export function gaugeSource(
  name: string,
  help: string,
  read: () => number,
  { aggregator = 'sum' }: { aggregator?: 'sum' | 'max' } = {},
): () => void {
  let set = sources.get(name);
  if (!set) {
    const readers = new Set<() => number>();
    sources.set(name, readers);
    set = readers;
    metric(
      name,
      () =>
        new client.Gauge({
          name,
          help,
          aggregator,
          collect() {
            let total = 0;
            for (const reader of readers) total += reader();
            this.set(total);
          },
        }),
    );
  }
  set.add(read);
  return () => void set.delete(read);
}

let defaultsStarted = false;

/** The process and Node.js defaults (CPU, memory, event-loop lag, GC, handles); once per process. */
export function collectProcessMetrics(): void {
  if (defaultsStarted) return;
  defaultsStarted = true;
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
}

/**
 * In an API process of a cluster: answer the primary's requests for this
 * process's metrics (prom-client listens for them once an AggregatorRegistry exists).
 */
export function answerClusterScrapes(): void {
  new client.AggregatorRegistry();
}
