/**
 * The mail queue (services/mail-queue.ts): retry with backoff, a dead letter
 * an operator can count, exactly once across processes sharing the queue
 * (FOR UPDATE SKIP LOCKED), and a send interrupted by a kill retried when
 * its lease runs out. On PGlite and, in the api-postgres project, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { claimDueMail } from '../../server/db/queries/mail-queue.ts';
import {
  MAIL_LEASE_MS,
  MAIL_MAX_ATTEMPTS,
  mailQueue,
  mailQueueDepth,
  retryDelayMs,
} from '../../server/services/mail-queue.ts';
import type { MailMessage } from '../../server/services/mail.ts';
import { freshDb, manualClock } from './support/test-app.ts';

let shared: Awaited<ReturnType<typeof freshDb>>;
beforeAll(async () => {
  shared = await freshDb();
});
afterAll(() => shared.drop());

const quiet = { error: vi.fn(), warn: vi.fn() };
const rows = async (subject: string) =>
  (
    await shared.db.query<{ state: string; attempts: number }>(
      'SELECT state, attempts FROM mail_queue WHERE subject = $1 ORDER BY id',
      [subject],
    )
  ).rows;

describe('mail queue', () => {
  it('retries with growing waits, then keeps the mail as dead and says so', async () => {
    const clock = manualClock();
    const logger = { error: vi.fn(), warn: vi.fn() };
    const queue = mailQueue({
      db: shared.db,
      transport: { send: () => Promise.reject(new Error('SMTP down')) },
      now: () => clock.now(),
      logger,
      pollMs: 3_600_000,
    });
    await queue.via(shared.db).send({ to: 'dead@example.org', subject: 'Never arrives', text: 'x' });
    await queue.drain();
    expect(await rows('Never arrives')).toEqual([{ state: 'pending', attempts: 1 }]);
    // Not due again before its backoff ends.
    clock.advance(retryDelayMs(1) - 1);
    await queue.drain();
    expect((await rows('Never arrives'))[0]!.attempts).toBe(1);
    for (let attempt = 1; attempt < MAIL_MAX_ATTEMPTS; attempt++) {
      clock.advance(retryDelayMs(attempt));
      await queue.drain();
    }
    expect(await rows('Never arrives')).toEqual([{ state: 'dead', attempts: MAIL_MAX_ATTEMPTS }]);
    expect((await mailQueueDepth(shared.db)).dead).toBeGreaterThanOrEqual(1);
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ attempts: MAIL_MAX_ATTEMPTS }),
      expect.stringMatching(/dead/),
    );
    await queue.stop();
  });

  it('sends each mail exactly once when three processes drain one queue at the same time', async () => {
    const clock = manualClock();
    const sent: string[] = [];
    const transport = {
      send: async (message: MailMessage) => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        sent.push(message.text);
      },
    };
    const workers = [0, 1, 2].map(() =>
      mailQueue({ db: shared.db, transport, now: () => clock.now(), logger: quiet, pollMs: 3_600_000 }),
    );
    await shared.db.transaction(async (tx) => {
      for (let i = 0; i < 60; i++)
        await workers[0]!.via(tx).send({ to: 'many@example.org', subject: 'Batch', text: `mail ${i}` });
    });
    await Promise.all(workers.map((worker) => worker.drain()));
    expect(sent.length).toBe(60);
    expect(new Set(sent).size).toBe(60);
    expect((await rows('Batch')).every((row) => row.state === 'sent' && row.attempts === 1)).toBe(true);
    await Promise.all(workers.map((worker) => worker.stop()));
  });

  it('a mail whose sender died mid-send is sent again once the lease ends, not before', async () => {
    const clock = manualClock();
    const sent: string[] = [];
    const queue = mailQueue({
      db: shared.db,
      transport: { send: (message) => Promise.resolve(void sent.push(message.subject)) },
      now: () => clock.now(),
      logger: quiet,
      pollMs: 3_600_000,
    });
    await queue.via(shared.db).send({ to: 'lease@example.org', subject: 'Interrupted', text: 'x' });
    // A process claims it and is killed before it can say "sent".
    const claimed = await claimDueMail(shared.db, new Date(clock.now()), new Date(clock.now() + MAIL_LEASE_MS), 100);
    expect(claimed.map((mail) => mail.subject)).toContain('Interrupted');
    await queue.drain();
    expect(sent).not.toContain('Interrupted');
    clock.advance(MAIL_LEASE_MS);
    await queue.drain();
    expect(sent.filter((subject) => subject === 'Interrupted')).toHaveLength(1);
    expect(await rows('Interrupted')).toEqual([{ state: 'sent', attempts: 2 }]);
    await queue.stop();
  });

  it('stopping lets the mail being sent finish and gives the rest back at once', async () => {
    const clock = manualClock();
    const sent: string[] = [];
    let release = () => {};
    let firstStarted = () => {};
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    const transport = {
      send: (message: MailMessage) => {
        if (message.text === 'stop 0') {
          firstStarted();
          return new Promise<void>((done) => (release = () => done(void sent.push(message.text))));
        }
        sent.push(message.text);
        return Promise.resolve();
      },
    };
    const queue = mailQueue({ db: shared.db, transport, now: () => clock.now(), logger: quiet, pollMs: 3_600_000 });
    await shared.db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++)
        await queue.via(tx).send({ to: 'stop@example.org', subject: 'Stopping', text: `stop ${i}` });
    });
    const draining = queue.drain();
    await started;
    const stopped = queue.stop();
    release();
    // stop() resolves only once the sent mail is marked and the untried claims are given back.
    await stopped;
    await draining;
    expect((await rows('Stopping')).map((row) => row.state)).toEqual(['sent', 'pending', 'pending']);
    expect(sent).toEqual(['stop 0']);
    expect((await rows('Stopping')).map((row) => row.attempts)).toEqual([1, 0, 0]);
    // Another process takes the rest right away.
    const other = mailQueue({
      db: shared.db,
      transport: { send: (message) => Promise.resolve(void sent.push(message.text)) },
      now: () => clock.now(),
      logger: quiet,
      pollMs: 3_600_000,
    });
    await other.drain();
    expect(sent).toEqual(['stop 0', 'stop 1', 'stop 2']);
    await other.stop();
  });
});
