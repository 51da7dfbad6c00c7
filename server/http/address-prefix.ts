/**
 * The network a client is in, not the client: IPv4 to its /24, IPv6 to its /48
 * (what a site or a provider's customer gets). Enough for the request log to
 * tell one abusive network from another and to match a rate limit's victim,
 * without keeping a personal address in logs that are copied around and
 * kept for long (data minimisation; the rate limits keep the full address,
 * in the database, for minutes).
 */
import { isIPv4, isIPv6 } from 'node:net';

export function addressPrefix(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const v4 = mapped?.[1] ?? address;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(address)) return undefined;
  // Expand "::" to see the first three groups.
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 3)
    .map((group) => group.replace(/^0+(?=.)/, '').toLowerCase())
    .join(':')}::/48`;
}
