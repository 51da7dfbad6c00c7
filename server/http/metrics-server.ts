/**
 * The Prometheus endpoint on METRICS_PORT (contract §2): `GET /metrics` on
 * METRICS_HOST:METRICS_PORT (loopback by default), a listener of its own,
 * never the public port. With
 * several API processes the primary serves it and sums their registries
 * (prom-client's AggregatorRegistry over the cluster's IPC channel).
 */
import { createServer, type Server } from 'node:http';
import client from 'prom-client';
import { registry } from '../services/metrics.ts';

export function startMetricsServer(options: {
  host: string;
  port: number;
  cluster: boolean;
  onError: (error: NodeJS.ErrnoException) => void;
}): Server {
  const aggregator = options.cluster ? new client.AggregatorRegistry() : null;
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    const collected = aggregator ? aggregator.clusterMetrics() : registry.metrics();
    collected.then(
      (text) => response.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      (error: Error) => response.writeHead(500, { 'Content-Type': 'text/plain' }).end(`${error.message}\n`),
    );
  });
  server.on('error', options.onError);
  server.listen(options.port, options.host);
  return server;
}
