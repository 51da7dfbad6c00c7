/**
 * Without WORKERS, an instance on PostgreSQL runs one API process per core,
 * at most four — one core fewer when PostgreSQL shares the machine (a
 * loopback address or a Unix socket), and never fewer than one.
 */
import { describe, expect, it } from 'vitest';
import { databaseIsLocal, defaultWorkers } from '../../server/runtime/default-workers.ts';

describe('default API processes', () => {
  it('leave a core to a PostgreSQL on this machine', () => {
    expect(defaultWorkers('postgres://roamly@127.0.0.1:5432/roamly', 2)).toBe(1);
    expect(defaultWorkers('postgres://roamly@localhost/roamly', 4)).toBe(3);
    expect(defaultWorkers('postgres://roamly@[::1]:5432/roamly', 8)).toBe(4);
    expect(defaultWorkers('postgres://roamly@127.0.0.1/roamly', 1)).toBe(1);
  });

  it('take every core, up to four, when PostgreSQL is elsewhere', () => {
    expect(defaultWorkers('postgres://roamly:pw@db.internal:5432/roamly', 2)).toBe(2);
    expect(defaultWorkers('postgres://roamly@10.0.0.7/roamly', 16)).toBe(4);
  });

  it('recognise a Unix socket and a loopback host as local, a hostname as not', () => {
    expect(databaseIsLocal('postgres:///roamly?host=/var/run/postgresql')).toBe(true);
    expect(databaseIsLocal('postgresql://roamly@127.0.0.2/roamly')).toBe(true);
    expect(databaseIsLocal('postgres://roamly@LOCALHOST/roamly')).toBe(true);
    expect(databaseIsLocal('postgres://roamly@db/roamly')).toBe(false);
    expect(databaseIsLocal('not a url')).toBe(false);
  });
});
