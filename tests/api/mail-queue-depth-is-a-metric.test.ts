/**
 * The mail queue's depth on METRICS_PORT (services/mail-queue-metrics.ts): mail
 * waiting and mail given up on, read from the shared table on a timer, so a
 * scrape never waits for the database; the cluster's primary keeps the largest
 * figure of its processes, not their sum.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailQueue } from '../../server/services/mail-queue.ts';
import { exportMailQueueMetrics } from '../../server/services/mail-queue-metrics.ts';
import { registry } from '../../server/services/metrics.ts';
import { parsePrometheusText } from '../support/prometheus-text.ts';
import { freshDb } from './support/test-app.ts';

let shared: Awaited<ReturnType<typeof freshDb>>;
beforeAll(async () => {
  shared = await freshDb();
});
afterAll(() => shared.drop());

async function gauge(name: string): Promise<number | undefined> {
  return parsePrometheusText(await registry.metrics()).find(name)[0]?.value;
}

describe('mail queue depth metrics', () => {
  it('count the mail waiting and the mail given up on, as max across processes', async () => {
    const queue = mailQueue({
      db: shared.db,
      transport: { send: () => Promise.reject(new Error('SMTP down')) },
      now: () => Date.now(),
      logger: { error: vi.fn(), warn: vi.fn() },
      pollMs: 3_600_000,
    });
    for (const to of ['a@example.org', 'b@example.org', 'c@example.org'])
      await queue.via(shared.db).send({ to, subject: 'Waiting', text: 'x' });
    await shared.db.query(`UPDATE mail_queue SET state = 'dead' WHERE recipient = 'c@example.org'`);

    const metrics = exportMailQueueMetrics(shared.db, 3_600_000);
    await metrics.ready;
    try {
      expect(await gauge('roamly_mail_queue_depth')).toBe(2);
      expect(await gauge('roamly_mail_queue_dead')).toBe(1);
      const gaugeType = (name: string) =>
        (registry.getSingleMetric(name) as unknown as { aggregator: string }).aggregator;
      expect(gaugeType('roamly_mail_queue_depth')).toBe('max');
    } finally {
      metrics.stop();
      await queue.stop();
    }
  });
});
