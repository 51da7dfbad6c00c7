/**
 * Idempotency-Key support (contract §3, architecture §5; IETF draft
 * "The Idempotency-Key HTTP Header Field"). The outbox sends every write with
 * a key and may resend it after a lost response; the same key from the same
 * caller within 24 hours gets the first answer back and the write is not
 * applied again. Records live in the database, so a retry that lands on
 * another API process is recognised too.
 *
 * - Scope: a signed-in caller's keys are theirs (`user:<id>`); anonymous keys
 *   are scoped to the client address (`anon:<ip>`), so one client's answer is
 *   never served to another who happens to send the same key. An anonymous
 *   retry from a new address (a phone that changed networks) is recognised
 *   only when its bytes are identical — then the answer tells it nothing it
 *   did not send.
 * - Fingerprint: SHA-256 of method, path and body bytes (multipart with its
 *   random boundary taken out). The same key with another request is a 422.
 * - Atomicity: the claim, the handler's writes and the stored answer share one
 *   database transaction (server/db/request-transaction.ts). A crash anywhere
 *   before the commit leaves nothing behind, so the retry runs for real and
 *   the write is applied exactly once. A concurrent duplicate waits for the
 *   first one's row (PostgreSQL) or for the single connection (PGlite).
 * - A signed-in caller's claim is not awaited before the handler: it goes
 *   out with the handler's first statements
 *   (docs/decisions/019-saves-in-two-round-trips.md). A repeat runs its
 *   handler, which touches no file (`isFirstWithItsKey`), then rolls back and
 *   is answered from the stored copy.
 * - Where: the writes of routes that declare `idempotent` (route.ts); those
 *   whose answers are credentials (sign-in, refresh, logout, password reset
 *   and change) declare `idempotent: false` and are never stored or replayed.
 * - Not kept: answers that describe a moment rather than the request (5xx,
 *   429, 401, 408) and 404s (unknown paths and records store nothing); the
 *   transaction rolls back, and rate-limit counts made meanwhile are kept.
 */
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { ApiEnv, Services } from '../context.ts';
import { ApiError } from './problem.ts';
import {
  claimIdempotencyKey,
  deleteIdempotencyKey,
  findAnonymousAnswerElsewhere,
  findIdempotencyRecord,
  storeIdempotentAnswer,
  type StoredAnswer,
} from '../db/queries/idempotency-keys.ts';
import { atRequestCommit, holdEffectsUntil, RollbackWith, runInRequestTransaction } from '../db/request-transaction.ts';

const utf8 = new TextDecoder();

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const ABANDONED_AFTER_MS = 60 * 1000;

/** What a rolled-back repeat of an answered request hands back. */
const REPEAT = Symbol('repeat');

/**
 * Answers worth replaying. 5xx, 429 (rate limited), 401 (token expired) and
 * 408 describe a moment, not the request: the client retries them with the
 * same key later and must then be served for real. 404 stores nothing, so a
 * key sent to a path that does not exist leaves no row.
 */
function isFinal(status: number): boolean {
  return status < 500 && status !== 429 && status !== 401 && status !== 408 && status !== 404;
}

/** The multipart boundary of a Content-Type, if any. */
function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/**
 * SHA-256 over method, path and body. A multipart body is hashed part by part
 * without its boundary, which a browser picks at random on every send.
 */
export function requestFingerprint(method: string, path: string, contentType: string, body: Uint8Array): string {
  const hash = createHash('sha256').update(`${method}\n${path}\n`);
  const boundary = contentType.toLowerCase().startsWith('multipart/') ? boundaryOf(contentType) : null;
  if (!boundary) return hash.update(body).digest('hex');
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`--${boundary}`);
  let start = 0;
  for (let at = bytes.indexOf(delimiter, start); at !== -1; at = bytes.indexOf(delimiter, start)) {
    hash.update(bytes.subarray(start, at)).update('\u0000--boundary\u0000');
    start = at + delimiter.length;
  }
  return hash.update(bytes.subarray(start)).digest('hex');
}

function replay(row: StoredAnswer): Response {
  const headers: Record<string, string> = { 'Idempotent-Replayed': 'true' };
  if (row.content_type) headers['Content-Type'] = row.content_type;
  return new Response(row.status === 204 ? null : row.body, { status: row.status ?? 200, headers });
}

/** True when a JSON answer carries credentials: those are never stored. */
function carriesTokens(contentType: string | null, body: string | null): boolean {
  if (!body || !contentType?.includes('json')) return false;
  return /"(access|refresh)"\s*:/.test(body);
}

/**
 * Remembers the text a handler answers with through `c.body` or `c.json`, so
 * the stored copy needs no `res.clone()`: cloning a Response tees its body
 * into two web streams and makes @hono/node-server send it the slow way —
 * together about a tenth of a write's CPU. Any other answer is cloned.
 */
function captureAnswerText(c: Context<ApiEnv>) {
  let made: { res: Response; text: () => string } | null = null;
  const body = c.body;
  const json = c.json;
  c.body = ((data: unknown, ...rest: unknown[]) => {
    const res = (body as (...args: unknown[]) => Response)(data, ...rest);
    if (typeof data === 'string') made = { res, text: () => data };
    else if (data instanceof Uint8Array) made = { res, text: () => utf8.decode(data) };
    return res;
  }) as typeof c.body;
  c.json = ((value: unknown, ...rest: unknown[]) => {
    const res = (json as (...args: unknown[]) => Response)(value, ...rest);
    made = { res, text: () => JSON.stringify(value) };
    return res;
  }) as typeof c.json;
  return {
    /** The text of `res` if a handler made it through c.body or c.json. */
    textOf: (res: Response): string | null => (made && made.res === res ? made.text() : null),
  };
}

export function idempotency(services: Services): MiddlewareHandler<ApiEnv> {
  const { db, clock } = services;
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    const path = c.req.path;
    if (key === undefined) return next();
    if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
      throw new ApiError(400, 'Idempotency-Key must be 1 to 255 visible ASCII characters.');
    }
    const user = c.get('user');
    const scope = user ? `user:${user.userId}` : `anon:${c.get('ip')}`;
    let body: Uint8Array;
    try {
      body = new Uint8Array(await c.req.arrayBuffer());
    } catch {
      throw new ApiError(400, 'The request body could not be read.');
    }
    const contentType = c.req.header('content-type') ?? '';
    const fingerprint = requestFingerprint(c.req.method, path, contentType, body);
    // The handler reads a JSON body as text: decode it once here, or Hono would
    // make a web Response out of the bytes to do it.
    // (Hono keeps promises in bodyCache; its type says otherwise.)
    const cache = c.req.bodyCache as Record<string, Promise<unknown> | undefined>;
    if (!contentType.toLowerCase().startsWith('multipart/')) cache.text ??= Promise.resolve(utf8.decode(body));
    const now = clock.now();
    const claim = {
      scope,
      key,
      method: c.req.method,
      path,
      fingerprint,
      now: new Date(now),
      expiredBefore: new Date(now - IDEMPOTENCY_TTL_MS),
      abandonedBefore: new Date(now - ABANDONED_AFTER_MS),
    };

    /** The answer for a key already claimed: the stored copy, or 409 while the first runs, or 422 for other bytes. */
    const answerRepeat = async (): Promise<Response> => {
      const row = await findIdempotencyRecord(db, scope, key);
      if (!row || row.status === null) {
        throw new ApiError(409, 'A request with this Idempotency-Key is still being processed.', undefined, {
          'Retry-After': '1',
        });
      }
      // Rows stored before fingerprints existed compare by method and path.
      const sameRequest =
        row.fingerprint === null ? row.method === c.req.method && row.path === path : row.fingerprint === fingerprint;
      if (!sameRequest) throw new ApiError(422, 'This Idempotency-Key was already used for a different request.');
      return replay(row);
    };

    /** Runs the handler; stores its answer with the COMMIT, or rolls back a repeat (`first` false) or a failure. */
    const handle = async (first: Promise<boolean>): Promise<typeof REPEAT | undefined> => {
      const answer = captureAnswerText(c);
      let thrown: { error: unknown } | null = null;
      try {
        await next();
      } catch (error) {
        thrown = { error };
      }
      // A repeat is answered from the stored copy whatever its handler did; it counts against no limit.
      if (!(await first)) throw new RollbackWith(REPEAT, { keepAutonomous: false });
      if (thrown) throw thrown.error; // rolls everything back and propagates
      const res = c.res;
      if (c.error || !isFinal(res.status)) throw new RollbackWith(undefined);
      const text = res.status === 204 ? null : (answer.textOf(res) ?? (await res.clone().text()));
      const contentType = res.headers.get('content-type');
      if (carriesTokens(contentType, text)) {
        await deleteIdempotencyKey(db, scope, key);
        return undefined;
      }
      // Sent with the COMMIT: the answer and the writes it describes land together, in one round trip.
      const stored = { status: res.status, contentType, body: text };
      await atRequestCommit(db, (tx) => storeIdempotentAnswer(tx, scope, key, stored));
      return undefined;
    };

    if (!user) {
      // Anonymous: the claim is settled first, since an answer given to the same
      // bytes under another address (a phone that changed networks) is replayed.
      return runInRequestTransaction(db, async () => {
        if (!(await claimIdempotencyKey(db, claim))) return answerRepeat();
        const elsewhere = await findAnonymousAnswerElsewhere(
          db,
          key,
          scope,
          fingerprint,
          new Date(now - IDEMPOTENCY_TTL_MS),
        );
        if (elsewhere) throw new RollbackWith(replay(elsewhere));
        await handle(Promise.resolve(true));
        return undefined;
      });
    }

    // Signed in: the claim goes out with the handler's first statements instead
    // of a round trip ahead of them (a dashboard save: one write to the database
    // for BEGIN, the claim, the write count and the update). Nearly every key is
    // new; a repeat runs its handler, which stores no file (holdEffectsUntil),
    // and is rolled back and answered from the stored copy. A repeat that
    // arrives while the first still runs waits on the claim's row lock, and its
    // statements wait behind the claim on the same connection.
    const outcome = await runInRequestTransaction(db, () => {
      const first = claimIdempotencyKey(db, claim);
      first.catch(() => undefined); // awaited in handle(), after the handler
      holdEffectsUntil(db, first);
      return handle(first);
    });
    if (outcome !== REPEAT) return undefined;
    // The handler's answer (and any error it recorded) gives way to the stored one.
    c.error = undefined;
    c.res = undefined;
    c.res = await answerRepeat();
    return undefined;
  };
}
