/**
 * The mail queue's depth as gauges (contract §2, METRICS_PORT): mail waiting to be sent
 * and mail given up on. The queue is one table shared by every process and instance, so
 * each process reads the same figures: the cluster's primary keeps the largest, not the sum.
 * A scrape must not wait for the database, so the figures are read on a timer.
 */
import type { Queryable } from '../db/client.ts';
import { mailQueueDepth, type MailQueueDepth } from './mail-queue.ts';
import { gaugeSource } from './metrics.ts';

const READ_EVERY_MS = 15_000;

export interface MailQueueMetrics {
  /** Settles after the first read. */
  ready: Promise<void>;
  stop(): void;
}

export function exportMailQueueMetrics(db: Queryable, everyMs = READ_EVERY_MS): MailQueueMetrics {
  let depth: MailQueueDepth = { pending: 0, dead: 0 };
  // A database that is away keeps the last figures; the outage shows in the 503 counts.
  const read = () =>
    mailQueueDepth(db).then(
      (now) => void (depth = now),
      () => undefined,
    );
  const timer = setInterval(() => void read(), everyMs);
  timer.unref();
  const removePending = gaugeSource(
    'roamly_mail_queue_depth',
    'Mails waiting to be sent, retrying included (the whole database, read every 15 s).',
    () => depth.pending,
    { aggregator: 'max' },
  );
  const removeDead = gaugeSource(
    'roamly_mail_queue_dead',
    'Mails given up on after every attempt failed: they need an operator (SECURITY.md, "Mail queue").',
    () => depth.dead,
    { aggregator: 'max' },
  );
  return {
    ready: read(),
    stop() {
      clearInterval(timer);
      removePending();
      removeDead();
    },
  };
}
