/**
 * MEDIA_S3_URL (contract §2): `s3://KEY:SECRET@host:port/bucket?region=…`,
 * path-style. Key and secret are percent-encoded in the URL (a secret with
 * `/` or `+` is written `%2F`, `%2B`). Without them (`s3://host/bucket`) the
 * keys come from the AWS default credential chain (./s3-signing.ts). The
 * endpoint is HTTPS unless the host is loopback or the URL says `?tls=false`
 * (a MinIO next to the app).
 */
export interface S3Location {
  /** `https://host:port` (no trailing slash). */
  endpoint: string;
  bucket: string;
  region: string;
  /** Null: no keys in the URL, so they come from the AWS default credential chain. */
  keys: { accessKeyId: string; secretAccessKey: string } | null;
}

const loopback = new Set(['localhost', '127.0.0.1', '[::1]']);

export function parseS3Url(value: string): S3Location {
  const fail = (why: string): never => {
    throw new Error(`MEDIA_S3_URL ${why}; expected s3://KEY:SECRET@host:port/bucket?region=…`);
  };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail('is not a URL');
  }
  if (url.protocol !== 's3:') fail('must start with s3://');
  if (!url.hostname) fail('has no host');
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) fail(`has no valid bucket name ("${bucket}")`);
  if (!url.username !== !url.password) fail('has an access key without a secret, or a secret without a key');
  const tlsParam = url.searchParams.get('tls');
  const tls = tlsParam === null ? !loopback.has(url.hostname) : !['false', '0', 'no'].includes(tlsParam);
  return {
    endpoint: `${tls ? 'https' : 'http'}://${url.host}`,
    bucket,
    region: url.searchParams.get('region') || 'us-east-1',
    keys: url.username
      ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
      : null,
  };
}
