/**
 * docs/monitoring's Grafana dashboard and alert rules only query metrics the
 * server exports (a renamed metric would silently empty a panel or mute an
 * alert).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportPoolMetrics } from '../../server/services/db-pool-metrics.ts';
import type { Db } from '../../server/db/client.ts';
import { exportMailQueueMetrics } from '../../server/services/mail-queue-metrics.ts';
import { renditions } from '../../server/services/media/renditions.ts';
import { collectProcessMetrics, observeRequest, registry } from '../../server/services/metrics.ts';

const METRIC = /\b(?:http|roamly|db_pool|nodejs|process)_[a-z0-9_]+/g;

async function exported(): Promise<Set<string>> {
  collectProcessMetrics();
  exportPoolMetrics({ poolStats: () => ({ total: 1, idle: 1, waiting: 0 }) } as unknown as Db);
  renditions({} as never);
  exportMailQueueMetrics({ query: () => Promise.reject(new Error('no database here')) } as unknown as Db).stop();
  observeRequest('PUT', '/api/events/:id/update/', 412, 0.01);
  const names = new Set<string>();
  for (const metric of await registry.getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === 'histogram')
      for (const end of ['_bucket', '_sum', '_count']) names.add(metric.name + end);
  }
  return names;
}

describe('docs/monitoring', () => {
  it('queries only metrics the server exports', async () => {
    const names = await exported();
    const dashboard = readFileSync('docs/monitoring/grafana-dashboard.json', 'utf8');
    const alerts = readFileSync('docs/monitoring/alerts.yml', 'utf8');
    const queried = new Set([...`${dashboard}\n${alerts}`.matchAll(METRIC)].map(([name]) => name));
    expect(queried.size).toBeGreaterThan(8);
    expect([...queried].filter((name) => !names.has(name))).toEqual([]);
  });
});
