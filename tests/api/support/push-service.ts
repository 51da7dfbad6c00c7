/**
 * A push service of the tests' own (RFC 8030) on 127.0.0.1, and a browser's
 * side of a subscription: a P-256 key pair and auth secret made with node
 * crypto, so a test reads what the server sent the way a browser would —
 * the VAPID JWT verified against the server's public key (RFC 8292) and the
 * aes128gcm body decrypted (RFC 8291, RFC 8188).
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';

export interface PushRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface FakePushService {
  origin: string;
  requests: PushRequest[];
  /** The status requests to `path` are answered with from now on (201 unless set). */
  answer(path: string, status: number): void;
  close(): Promise<void>;
}

export async function startPushService(): Promise<FakePushService> {
  const requests: PushRequest[] = [];
  const statuses = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statuses.get(req.url ?? '') ?? 201).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    answer: (path, status) => void statuses.set(path, status),
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** The browser's side of one subscription. */
export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

export function browserSubscription(endpoint: string): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    ecdh,
    authSecret,
  };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** Decrypts an aes128gcm push body (one record) as the subscription's browser would. */
export function decryptPush(subscription: BrowserSubscription, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = subscription.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscription.ecdh.getPublicKey(), senderKey]);
  const ikm = hkdf(subscription.authSecret, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('not the last record of an aes128gcm body');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Checks `Authorization: vapid t=…, k=…`: k is the server's key, and t an
 * ES256 JWT that key signed for this push service's origin. Returns its claims.
 */
export async function verifyVapid(header: string, publicKey: string, audience: string): Promise<JWTPayload> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  if (match[2] !== publicKey) throw new Error('the VAPID key is not the server public key');
  const point = Buffer.from(publicKey, 'base64url');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(match[1]!, key, { audience, algorithms: ['ES256'] });
  return payload;
}
