/**
 * Token signing keys in the database: created once however many
 * instances start together, named in every token's `kid`, rotated with old
 * tokens still valid until they expire, shared by every app on the database.
 */
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client.ts';
import { accessTokens } from '../../server/services/access-tokens.ts';
import {
  databaseSigningKeys,
  ensureServerSecrets,
  rotateSigningKeys,
  staticSigningKeys,
} from '../../server/services/secrets.ts';
import { call, signUp } from './support/api-client.ts';
import { freshDb, manualClock, startTestApp } from './support/test-app.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDb());
});
afterAll(() => drop());

const TTL = 900;

describe('signing keys in the database', () => {
  it('are created once even when many instances start at the same moment', async () => {
    const secrets = await Promise.all(Array.from({ length: 8 }, () => ensureServerSecrets(db)));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM signing_keys');
    expect(rows[0]!.n).toBe(1);
  });

  it('name their key in the kid header, and another key ring on the same database verifies them', async () => {
    const now = Date.now();
    const a = accessTokens(databaseSigningKeys(db), TTL);
    const b = accessTokens(databaseSigningKeys(db), TTL);
    const token = await a.sign({ userId: 7, userType: 'business', sessionId: null }, now);
    const { rows } = await db.query<{ kid: string }>('SELECT kid FROM signing_keys');
    expect(decodeProtectedHeader(token).kid).toBe(rows[0]!.kid);
    expect(await b.verify(token, now)).toEqual({ userId: 7, userType: 'business', sessionId: null });
  });

  it('rotate: new tokens use the new key, old ones verify until they expire, then the old key is gone', async () => {
    const now = Date.now();
    const before = accessTokens(databaseSigningKeys(db), TTL);
    const oldToken = await before.sign({ userId: 1, userType: 'user', sessionId: null }, now);
    const rotation = await rotateSigningKeys(db, TTL, now);
    expect(rotation.retired).toEqual([decodeProtectedHeader(oldToken).kid]);

    const after = accessTokens(databaseSigningKeys(db), TTL);
    const newToken = await after.sign({ userId: 1, userType: 'user', sessionId: null }, now);
    expect(decodeProtectedHeader(newToken).kid).toBe(rotation.kid);
    expect(await after.verify(oldToken, now + 1000)).toEqual({ userId: 1, userType: 'user', sessionId: null });

    // Long after every old token has expired, the next rotation deletes the old key.
    const later = now + (TTL + 3600) * 1000;
    const next = await rotateSigningKeys(db, TTL, later);
    expect(next.deleted).toContain(rotation.retired[0]);
    expect(next.retired).toEqual([rotation.kid]);
    const fresh = accessTokens(databaseSigningKeys(db), 10 * 24 * 3600);
    const noKid = await accessTokens(staticSigningKeys('x'.repeat(40)), TTL).sign(
      { userId: 1, userType: 'u', sessionId: null },
      now,
    );
    expect(await fresh.verify(oldToken, now + 1000)).toBeNull();
    expect(await fresh.verify(noKid, now + 1000)).toBeNull();
  });

  it('reject a token whose kid names no key, and JWT_SECRET tokens carry no kid', async () => {
    const now = Date.now();
    const forged = await accessTokens(
      {
        current: async () => ({ kid: 'made-up', key: new TextEncoder().encode('y'.repeat(40)) }),
        find: async () => null,
      },
      TTL,
    ).sign({ userId: 1, userType: 'user', sessionId: null }, now);
    expect(await accessTokens(databaseSigningKeys(db), TTL).verify(forged, now)).toBeNull();
    const plain = await accessTokens('z'.repeat(40), TTL).sign({ userId: 2, userType: 'user', sessionId: null }, now);
    expect(decodeProtectedHeader(plain).kid).toBeUndefined();
    expect(await accessTokens('z'.repeat(40), TTL).verify(plain, now)).toEqual({
      userId: 2,
      userType: 'user',
      sessionId: null,
    });
  });

  it('two apps on one database without JWT_SECRET: signed in on A, accepted on B', async () => {
    const clock = manualClock(Date.now());
    const secret = await ensureServerSecrets(db);
    const options = {
      db,
      clock,
      config: { jwtSecret: secret },
    };
    const a = await startTestApp({ ...options, deps: { signingKeys: databaseSigningKeys(db) } });
    const b = await startTestApp({ ...options, deps: { signingKeys: databaseSigningKeys(db) } });
    const account = await signUp(a.app);
    expect(decodeProtectedHeader(account.access).kid).toEqual(expect.any(String));
    const profile = await call(b.app, 'GET', '/api/auth/profile/', { token: account.access });
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBe(account.email);
    const alone = await startTestApp({ db, clock, config: { jwtSecret: 'another-secret-entirely-0123456789abcdef' } });
    expect((await call(alone.app, 'GET', '/api/auth/profile/', { token: account.access })).status).toBe(401);
  });
});
