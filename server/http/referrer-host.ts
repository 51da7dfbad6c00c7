/**
 * The host name a visit was referred from, for a listing's insights sources:
 * only the host (lower-cased, never the path or query), and only another
 * site's — our own pages linking to each other are not a source.
 */

/** `value` is a Referer URL or a bare host name; null when it is ours, not http(s), or not a host. */
export function referrerHost(value: string | null | undefined, ownHost: string): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value.includes('://') ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!host || host.length > 253 || host === ownHost.toLowerCase()) return null;
  return host;
}
