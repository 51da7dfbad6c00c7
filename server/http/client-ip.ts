/**
 * The caller's address for per-IP rate limits. Without TRUST_PROXY it is the
 * socket's peer. Behind N trusted proxies (TRUST_PROXY=N) it is the entry N
 * hops from the RIGHT of X-Forwarded-For: each proxy appends the peer it saw,
 * so the right-most entries are written by proxies we trust, while everything
 * to their left was sent by the client and can say anything.
 *
 * The value kept for the request is the address's rate-limit bucket
 * (`addressBucket`): an IPv6 client is its /64, since one subscriber line or
 * host gets a whole /64 and could otherwise pick a fresh address — a fresh
 * bucket — for every request.
 */
import { isIP } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../context.ts';

export interface ClientIpOptions {
  trustProxy: boolean;
  /** Proxies in front of us that append to X-Forwarded-For; TRUST_PROXY=1 means one. */
  hops?: number;
}

/** `203.0.113.7`, `203.0.113.7:5123`, `[2001:db8::1]:443` → the bare address, or null. */
function bareAddress(entry: string): string | null {
  const value = entry.trim();
  if (isIP(value)) return value;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1] && isIP(bracketed[1])) return bracketed[1];
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(value);
  if (withPort?.[1] && isIP(withPort[1])) return withPort[1];
  return null;
}

/** The address `hops` entries from the right of an X-Forwarded-For value, or null. */
export function forwardedClient(header: string | undefined, hops: number): string | null {
  if (!header || hops < 1) return null;
  const entries = header.split(',');
  // Fewer entries than proxies: the left-most is the best the proxies told us.
  const entry = entries[Math.max(0, entries.length - hops)];
  return entry === undefined ? null : bareAddress(entry);
}

/**
 * The bucket of an address for every per-address limit and record: IPv4 as
 * it is, an IPv4-mapped IPv6 address as its IPv4, any other IPv6 address as
 * its /64 (`2001:db8:1:2::/64`). Anything else (no socket: `local`) as given.
 */
export function addressBucket(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1] && isIP(mapped[1]) === 4) return mapped[1];
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::ffff:0:1.2.3.4 and kin) takes two groups; only the first four matter.
  const rightGroups = right.reduce((n, part) => n + (part.includes('.') ? 2 : 1), 0);
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - rightGroups).fill('0'), ...right]
    : left;
  const prefix = groups.slice(0, 4).map((group) => (parseInt(group, 16) || 0).toString(16));
  return `${prefix.join(':')}::/64`;
}

export function clientIp(options: ClientIpOptions): MiddlewareHandler<ApiEnv> {
  const hops = options.trustProxy ? Math.max(1, options.hops ?? 1) : 0;
  return async (c, next) => {
    const peer = c.env?.incoming?.socket?.remoteAddress ?? 'local';
    c.set('ip', addressBucket(forwardedClient(c.req.header('x-forwarded-for'), hops) ?? peer));
    await next();
  };
}
