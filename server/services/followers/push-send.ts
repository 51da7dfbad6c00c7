/**
 * One push message (RFC 8030) to one subscription: encrypted as aes128gcm
 * (RFC 8291) and signed with the server's VAPID key (RFC 8292) by web-push's
 * generateRequestDetails, then POSTed here rather than by web-push's own
 * sender, so the connection goes to the address push-address.ts checked (and
 * to `http://127.0.0.1` under PUSH_ALLOW_LOCAL), with a deadline, and reads
 * at most a little of the answer.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
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

export async function sendPush(
  subscription: PushSubscriptionKeys,
  payload: string,
  vapid: VapidKeys & { subject: string },
  allowLocal: boolean,
): Promise<PushOutcome> {
  const target = await pushTarget(subscription.endpoint, allowLocal);
  const details = webPush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    payload,
    {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      contentEncoding: 'aes128gcm',
      TTL: PUSH_TTL_SECONDS,
    },
  );
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  const status = await new Promise<number>((resolve, reject) => {
    const req = send(
      target.url,
      {
        method: 'POST',
        headers: details.headers as Record<string, string | number>,
        lookup: pinnedLookup(target.address, target.family),
        timeout: PUSH_TIMEOUT_MS,
      },
      (res: IncomingMessage) => {
        // The answer's body says nothing we act on: drop it, and the connection with it.
        res.resume();
        resolve(res.statusCode ?? 0);
        res.destroy();
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer from the push service in ${PUSH_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(details.body ?? undefined);
  }).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  if (status instanceof Error) return { ok: false, gone: false, retry: true, reason: status.message };
  if (status >= 200 && status < 300) return { ok: true };
  const reason = `push service answered ${status}`;
  if (status === 404 || status === 410) return { ok: false, gone: true, retry: false, reason };
  return { ok: false, gone: false, retry: status === 429 || status >= 500, reason };
}
