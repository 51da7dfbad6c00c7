/**
 * One push message (RFC 8030) to one subscription: encrypted as aes128gcm
 * (RFC 8291, push-encrypt.ts, off the event loop) and signed with the
 * server's VAPID key (RFC 8292, web-push's getVapidHeaders), then POSTed
 * here rather than by web-push's own sender, so the connection goes to the address push-address.ts checked (and
 * to `http://127.0.0.1` under PUSH_ALLOW_LOCAL), with a deadline, and reads
 * at most a little of the answer.
 *
 * A fan-out sends thousands of messages to a handful of push services, so
 * connections are kept alive and pooled per service (PUSH_SOCKETS_PER_ORIGIN),
 * and the VAPID header — an ES256 JWT for the service's origin, good for 12
 * hours — is signed once per origin and reused until an hour before it
 * expires, instead of once per message. The payload is still encrypted for
 * each subscription with a fresh key.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import webPush from 'web-push';
import { pushTarget } from './push-address.ts';
import type { VapidKeys } from './vapid-keys.ts';

export interface PushSubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push service said: `gone` (404/410) ends the subscription. */
export type PushOutcome = { ok: true } | { ok: false; gone: boolean; retry: boolean; reason: string };

/** A push service that has not answered in this long is tried again later. */
const PUSH_TIMEOUT_MS = 15_000;
/** How long the push service keeps a message for a device that is offline: a day. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** Connections kept open to one push service: as many as the worker sends at once. */
export const PUSH_SOCKETS_PER_ORIGIN = 16;
/** An answer's body says nothing we act on; more than this and the connection is dropped. */
const MAX_ANSWER_BYTES = 4096;
/** How long a VAPID JWT is valid (RFC 8292 allows up to 24 h), and how long before its end a new one is made. */
const VAPID_VALID_S = 12 * 60 * 60;
const VAPID_RENEW_S = 60 * 60;

const agentOptions = { keepAlive: true, maxSockets: PUSH_SOCKETS_PER_ORIGIN, maxFreeSockets: PUSH_SOCKETS_PER_ORIGIN };
const httpAgent = new HttpAgent(agentOptions);
const httpsAgent = new HttpsAgent(agentOptions);

/** Signed VAPID headers by origin and key: at most a few push services, so a small map. */
const vapidHeaders = new Map<string, { authorization: string; expires: number }>();

function vapidAuthorization(audience: string, vapid: VapidKeys & { subject: string }, nowS: number): string {
  const key = `${audience} ${vapid.publicKey} ${vapid.subject}`;
  const cached = vapidHeaders.get(key);
  if (cached && cached.expires - VAPID_RENEW_S > nowS) return cached.authorization;
  const expires = nowS + VAPID_VALID_S;
  const headers = webPush.getVapidHeaders(
    audience,
    vapid.subject,
    vapid.publicKey,
    vapid.privateKey,
    'aes128gcm',
    expires,
  );
  // A bounded cache: an endpoint's origin is the visitor's choice.
  if (vapidHeaders.size >= 64) vapidHeaders.clear();
  vapidHeaders.set(key, { authorization: headers.Authorization, expires });
  return headers.Authorization;
}

/** `mailto:` the sender, or the site when it is https (what RFC 8292 asks a contact to be). */
export function vapidSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return `mailto:${address.trim()}`;
}

/** Node's lookup, answering the one address already checked whatever name it is asked. */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, all: { address: string; family: number }[]) => void)(null, [
        { address, family },
      ]);
    } else callback(null, address, family);
  };
}

/**
 * `topic` (RFC 8030 §5.4, ≤ 32 base64url characters) names what the message
 * is about: a push service replaces a message it still holds with a later one
 * of the same topic, so a follower offline through two changes gets the last.
 */
export async function sendPush(
  subscription: PushSubscriptionKeys,
  /** The payload encrypted for this subscription (push-encrypt.ts), or why it could not be. */
  body: Buffer | Error,
  topic: string,
  vapid: VapidKeys & { subject: string },
  allowLocal: boolean,
): Promise<PushOutcome> {
  const target = await pushTarget(subscription.endpoint, allowLocal);
  // The subscription's keys are not a browser's: no retry will change that.
  if (body instanceof Error) return { ok: false, gone: false, retry: false, reason: body.message };
  const headers: Record<string, string | number> = {
    TTL: PUSH_TTL_SECONDS,
    Topic: topic,
    Urgency: 'normal',
    'Content-Type': 'application/octet-stream',
    'Content-Encoding': 'aes128gcm',
    'Content-Length': body.length,
    Authorization: vapidAuthorization(target.url.origin, vapid, Math.floor(Date.now() / 1000)),
  };
  const secure = target.url.protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  const status = await new Promise<number>((resolve, reject) => {
    const req = send(
      target.url,
      {
        method: 'POST',
        headers,
        agent: secure ? httpsAgent : httpAgent,
        lookup: pinnedLookup(target.address, target.family),
        timeout: PUSH_TIMEOUT_MS,
      },
      (res: IncomingMessage) => {
        // Read the (small) answer to its end so the connection goes back to the pool; a long one is cut off.
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) res.destroy();
        });
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('close', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer from the push service in ${PUSH_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(body);
  }).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  if (status instanceof Error) return { ok: false, gone: false, retry: true, reason: status.message };
  if (status >= 200 && status < 300) return { ok: true };
  const reason = `push service answered ${status}`;
  if (status === 404 || status === 410) return { ok: false, gone: true, retry: false, reason };
  return { ok: false, gone: false, retry: status === 429 || status >= 500, reason };
}
