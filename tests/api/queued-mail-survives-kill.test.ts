/**
 * The kill -9 durability run, for mail: an API process on
 * PostgreSQL with its SMTP server down accepts registrations (each queues a
 * verification mail in the registration's transaction) and is killed with
 * SIGKILL in the middle of the stream. Another instance starts on the same
 * database and the SMTP server comes back: every acknowledged registration
 * gets its mail, and no address gets two — 0 lost, 0 duplicated.
 *
 * Needs a real PostgreSQL (the `api-postgres` project):
 *   TEST_DATABASE_URL="$(.ci/start-postgres)" npx vitest run --project api-postgres tests/api/queued-mail-survives-kill.test.ts
 */
import type { Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../../server/db/client.ts';
import { smtpSink, type Received } from '../support/smtp-sink.ts';
import { uniqueEmail } from './support/api-client.ts';
import { usesPostgres } from './support/test-app.ts';
import {
  freePort,
  startPostgresInstance,
  stopPostgresInstance,
  type PostgresInstance,
} from '../support/server-process.ts';

const enabled = usesPostgres();
let admin: Db;
let schema: string;
let databaseUrl: string;
let smtpPort: number;
const instances: PostgresInstance[] = [];
let sink: Server | null = null;

async function startInstance(): Promise<PostgresInstance> {
  const instance = await startPostgresInstance('mail-kill', databaseUrl, {
    LOG_LEVEL: 'fatal',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
  });
  instances.push(instance);
  return instance;
}

beforeAll(async () => {
  if (!enabled) return;
  const url = process.env.TEST_DATABASE_URL!;
  schema = `mailkill_${Date.now().toString(36)}`;
  admin = await openPostgres(url, { max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  databaseUrl = withSchema.toString();
  smtpPort = await freePort(); // nothing listens yet: SMTP is down
}, 30_000);

afterAll(async () => {
  for (const instance of instances) await stopPostgresInstance(instance, 'SIGKILL');
  sink?.close();
  if (admin) {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.close();
  }
}, 30_000);

describe.runIf(enabled)('queued mail and kill -9', () => {
  it('every acknowledged registration is mailed exactly once after a SIGKILL and an SMTP outage', async () => {
    const first = await startInstance();
    const acknowledged: string[] = [];
    let killed = false;
    const register = async (i: number) => {
      await new Promise((resolve) => setTimeout(resolve, i * 20));
      const email = uniqueEmail(`kill${i}`);
      const res = await fetch(`${first.base}/api/auth/register/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email,
          password: 'correct-horse-1',
          full_name: 'Mail Kill',
          display_name: 'mk',
          user_type: 'business',
          is_promoter: true,
        }),
      }).catch(() => null);
      if (res?.status === 201) {
        acknowledged.push(email);
        if (!killed && acknowledged.length >= 15) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 40 }, (_, i) => register(i)));
    expect(killed).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(15);
    await new Promise((resolve) => (first.child.signalCode ? resolve(null) : first.child.once('exit', resolve)));
    expect(first.child.signalCode).toBe('SIGKILL');

    // Time passes for the dead process's leases (a mail it had claimed is due again after MAIL_LEASE_MS).
    await admin.query(
      `UPDATE ${schema}.mail_queue SET next_attempt_at = now() - interval '1 second' WHERE state = 'pending'`,
    );
    const received: Received[] = [];
    sink = smtpSink(received);
    await new Promise<void>((resolve) => sink!.listen(smtpPort, '127.0.0.1', resolve));
    await startInstance();

    const mailsTo = (email: string) => received.filter((mail) => mail.to.some((to) => to.includes(email))).length;
    const deadline = Date.now() + 60_000;
    while (acknowledged.some((email) => mailsTo(email) === 0) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // time for a duplicate to show, if any
    const lost = acknowledged.filter((email) => mailsTo(email) === 0);
    const recipients = received.flatMap((mail) => mail.to);
    const duplicated = recipients.filter((to, i) => recipients.indexOf(to) !== i);
    console.info(
      `queued mail after kill -9: ${acknowledged.length} acknowledged, ${received.length} mails received, ` +
        `${lost.length} lost, ${duplicated.length} duplicated`,
    );
    expect(lost).toEqual([]);
    expect(duplicated).toEqual([]);
    const pending = await admin.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${schema}.mail_queue WHERE state <> 'sent'`,
    );
    expect(pending.rows[0]!.n).toBe(0);
  }, 180_000);
});
