/**
 * Where the server may send a push (contract §11): a subscription's endpoint
 * is a URL the visitor chose, and the server POSTs to it, so an endpoint that
 * names this machine or the private network behind it would turn followers
 * into a way to reach them. Only `https://` endpoints whose host resolves to
 * public addresses are taken — checked when the follow is made and again for
 * each send, and the send connects to the address that was checked, so a
 * name that resolves elsewhere a second later reaches nothing new.
 *
 * PUSH_ALLOW_LOCAL=1 (refused in production, config.ts) also takes
 * `http://127.0.0.1:PORT/…`, so tests can run a push service of their own.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { InvalidInput } from '../domain-errors.ts';

const NOT_PUBLIC = 'A push endpoint must be an https:// address of a public push service.';

/** Loopback, private, link-local, shared, multicast and reserved ranges: never a push service. */
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

/** True for an address a push may go to. IPv4 written inside IPv6 is judged as IPv4. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return !blocked.check(mapped[1]!, 'ipv4');
  return !blocked.check(address, 'ipv6');
}

/** The address a push to `endpoint` connects to. */
export interface PushTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** The one local form PUSH_ALLOW_LOCAL lets through. */
function isAllowedLocal(url: URL): boolean {
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname === '127.0.0.1';
}

/**
 * Checks `endpoint` and resolves its host: every address it resolves to must
 * be public (one private answer is enough to refuse: which one a client picks
 * is not ours to know). Throws InvalidInput otherwise.
 */
export async function pushTarget(endpoint: string, allowLocal: boolean): Promise<PushTarget> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new InvalidInput(NOT_PUBLIC, { subscription: [NOT_PUBLIC] });
  }
  if (url.username || url.password) throw new InvalidInput(NOT_PUBLIC, { subscription: [NOT_PUBLIC] });
  if (allowLocal && isAllowedLocal(url)) return { url, address: '127.0.0.1', family: 4 };
  if (url.protocol !== 'https:') throw new InvalidInput(NOT_PUBLIC, { subscription: [NOT_PUBLIC] });
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let answers: { address: string; family: number }[];
  if (isIP(host)) answers = [{ address: host, family: isIP(host) }];
  else {
    try {
      answers = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new InvalidInput('That push service cannot be found.', { subscription: [NOT_PUBLIC] });
    }
  }
  if (answers.length === 0 || !answers.every((answer) => isPublicAddress(answer.address))) {
    throw new InvalidInput(NOT_PUBLIC, { subscription: [NOT_PUBLIC] });
  }
  const first = answers[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
