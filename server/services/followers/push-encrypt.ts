/**
 * A push message's body, encrypted for its subscription (RFC 8291, in the
 * `aes128gcm` content coding of RFC 8188, one record): a fresh P-256 key pair
 * per message, the shared secret with the browser's key, HKDF with its auth
 * secret, AES-128-GCM.
 *
 * It runs on a worker thread of its own, not the API's event loop: a fan-out
 * encrypts tens of thousands of messages at a millisecond or two of CPU
 * each, and on the event loop every one of them would hold up the requests
 * waiting behind it (the dashboard's p99 rose 16× during a 5,000-follower
 * fan-out before; scripts/bench/followers-fan-out.ts). The thread's code is
 * the plain script below (node:crypto only), so the bundled server needs no
 * file of its own for it. One thread, at the lowest priority: the rest of
 * the machine's CPU is the API's and the database's first.
 */
import { Worker } from 'node:worker_threads';

/** The encryption thread's script (CommonJS). */
const SOURCE = String.raw`
const crypto = require('node:crypto');
const RECORD_SIZE = 4096;
const KEY_INFO = Buffer.from('WebPush: info\0');
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0');
function encryptPush(p256dh, auth, payload) {
  const browserKey = Buffer.from(p256dh, 'base64url');
  const authSecret = Buffer.from(auth, 'base64url');
  if (browserKey.length !== 65 || browserKey[0] !== 4) throw new Error('p256dh is not an uncompressed P-256 key');
  if (authSecret.length < 16) throw new Error('auth is shorter than 16 bytes');
  const ecdh = crypto.createECDH('prime256v1');
  const serverKey = ecdh.generateKeys();
  const shared = ecdh.computeSecret(browserKey);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, authSecret, Buffer.concat([KEY_INFO, browserKey, serverKey]), 32));
  const salt = crypto.randomBytes(16);
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, CEK_INFO, 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, NONCE_INFO, 12));
  const cipher = crypto.createCipheriv('aes-128-gcm', cek, nonce);
  // The one (last) record: the payload, then the delimiter 0x02.
  const text = Buffer.concat([Buffer.from(payload, 'utf8'), Buffer.from([2])]);
  if (text.length + 16 > RECORD_SIZE) throw new Error('payload too long for one record');
  const sealed = Buffer.concat([cipher.update(text), cipher.final(), cipher.getAuthTag()]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(serverKey.length, 20);
  return Buffer.concat([header, serverKey, sealed]);
}
`;

const WORKER = `${SOURCE}
const { parentPort } = require('node:worker_threads');
// The lowest priority, for this thread only (Linux applies it to the calling thread): requests
// waiting on the API's thread and the database go first; a fan-out takes what CPU is left.
try {
  require('node:os').setPriority(19);
} catch {
  // Not allowed here: the thread runs at the process's priority.
}
// A batch at a time: one message each way for a whole claim of notices.
parentPort.on('message', ({ id, items }) => {
  parentPort.postMessage({
    id,
    out: items.map(({ p256dh, auth, payload }) => {
      try {
        return { body: encryptPush(p256dh, auth, payload) };
      } catch (error) {
        return { error: String((error && error.message) || error) };
      }
    }),
  });
});
`;

export interface PushToEncrypt {
  p256dh: string;
  auth: string;
  payload: string;
}

/** A body, or why these keys could not be encrypted for. */
export type Encrypted = Buffer | Error;

interface Waiting {
  resolve: (out: Encrypted[]) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, Waiting>();

function failAll(error: Error): void {
  for (const entry of waiting.values()) entry.reject(error);
  waiting.clear();
}

function thread(): Worker {
  if (worker) return worker;
  const made = new Worker(WORKER, { eval: true });
  // Only work waiting for an answer keeps it alive; an idle process may exit.
  made.unref();
  made.on('message', (message: { id: number; out: { body?: Uint8Array; error?: string }[] }) => {
    const entry = waiting.get(message.id);
    if (!entry) return;
    waiting.delete(message.id);
    if (waiting.size === 0) made.unref();
    entry.resolve(
      message.out.map(({ body, error }) =>
        body ? Buffer.from(body.buffer, body.byteOffset, body.length) : new Error(error ?? 'encryption failed'),
      ),
    );
  });
  made.on('error', (error) => {
    worker = null;
    failAll(error);
  });
  made.on('exit', () => {
    if (worker === made) worker = null;
    failAll(new Error('the encryption thread stopped'));
  });
  worker = made;
  return made;
}

/** Encrypts each payload for its subscription's keys, on the encryption thread, in order. */
export function encryptPushes(items: PushToEncrypt[]): Promise<Encrypted[]> {
  if (items.length === 0) return Promise.resolve([]);
  const pool = thread();
  const id = nextId++;
  return new Promise<Encrypted[]>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    if (waiting.size === 1) pool.ref();
    pool.postMessage({ id, items });
  });
}
