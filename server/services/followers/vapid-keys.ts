/**
 * The server's VAPID key pair (RFC 8292), which browsers bind a push
 * subscription to: made once and kept in server_secrets, so every instance on
 * one database signs with the key the subscriptions were made for. The first
 * instance to need it inserts one unless present, then every instance reads
 * whichever won.
 */
import webPush from 'web-push';
import type { Queryable } from '../../db/client.ts';
import { insertServerSecretIfMissing, readServerSecret } from '../../db/queries/server-secrets.ts';

export interface VapidKeys {
  /** The uncompressed P-256 point, base64url: the `applicationServerKey` of a subscription. */
  publicKey: string;
  privateKey: string;
}

const NAME = 'vapid-keys';

function parse(value: string): VapidKeys {
  const keys = JSON.parse(value) as Partial<VapidKeys>;
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') {
    throw new Error(`server_secrets '${NAME}' is not a VAPID key pair.`);
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

async function loadOrCreate(db: Queryable): Promise<VapidKeys> {
  const stored = await readServerSecret(db, NAME);
  if (stored !== null) return parse(stored);
  const fresh = webPush.generateVAPIDKeys();
  await insertServerSecretIfMissing(db, NAME, JSON.stringify(fresh));
  const won = await readServerSecret(db, NAME);
  if (won === null) throw new Error('The VAPID keys could not be stored.');
  return parse(won);
}

/** The key pair, read (or made) once per process; a failed read is tried again next time. */
export function vapidKeys(db: Queryable): () => Promise<VapidKeys> {
  let loading: Promise<VapidKeys> | null = null;
  return () => {
    loading ??= loadOrCreate(db).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
