/**
 * AWS Signature Version 4 for single S3 requests, by `aws4fetch` (a small,
 * maintained signer on Web Crypto), and where the keys come from: the ones
 * written in MEDIA_S3_URL, or else the AWS SDK's default credential chain
 * (environment with AWS_SESSION_TOKEN, shared profiles, web identity, ECS
 * task role, EC2 instance profile), which also renews expiring keys.
 * Why these two libraries: docs/decisions/014-libraries-over-home-grown.md.
 */
import { createHash } from 'node:crypto';
import { AwsV4Signer } from 'aws4fetch';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials (STS, a role) carry one; sent as x-amz-security-token. */
  sessionToken?: string | undefined;
}

/** Called before every request: static keys answer at once, the chain from its cache. */
export type S3CredentialSource = () => Promise<S3Credentials>;

export interface SignInput {
  method: string;
  url: URL;
  region: string;
  headers?: Record<string, string>;
  body?: Uint8Array;
  now?: Date;
}

/**
 * The day's signing keys, derived once (four HMACs) instead of per request. aws4fetch
 * adds one entry per secret, day and region; cleared now and then so it cannot grow.
 */
const signingKeys = new Map<string, ArrayBuffer>();
const MAX_SIGNING_KEYS = 32;

export function sha256Hex(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * The headers to send with the request: the caller's, plus x-amz-date,
 * x-amz-content-sha256 (the payload is signed, not UNSIGNED-PAYLOAD),
 * x-amz-security-token with temporary credentials, and authorization.
 */
export async function signRequest(input: SignInput, credentials: S3Credentials): Promise<Record<string, string>> {
  const headers = new Headers(input.headers);
  headers.set('x-amz-content-sha256', sha256Hex(input.body ?? new Uint8Array()));
  if (signingKeys.size >= MAX_SIGNING_KEYS) signingKeys.clear();
  const signer = new AwsV4Signer({
    method: input.method,
    url: input.url.href,
    headers,
    accessKeyId: credentials.accessKeyId,
    secretAccessKey: credentials.secretAccessKey,
    ...(credentials.sessionToken ? { sessionToken: credentials.sessionToken } : {}),
    service: 's3',
    region: input.region,
    // Sign every header we send (content-type and range too), as the AWS examples do.
    allHeaders: true,
    cache: signingKeys,
    ...(input.now ? { datetime: input.now.toISOString().replace(/[:-]|\.\d{3}/g, '') } : {}),
  });
  const signed = await signer.sign();
  return Object.fromEntries(signed.headers);
}

/** No keys in MEDIA_S3_URL and none where the AWS chain looks: a configuration problem, not an outage. */
export class NoS3Credentials extends Error {
  constructor(cause: unknown) {
    super(`MEDIA_S3_URL has no keys and the AWS credential chain found none (${(cause as Error).message})`, { cause });
  }
}

/** The keys of MEDIA_S3_URL when it has them; else the AWS default chain, loaded on first use. */
export function credentialSource(keys: { accessKeyId: string; secretAccessKey: string } | null): S3CredentialSource {
  if (keys) return () => Promise.resolve(keys);
  let chain: S3CredentialSource | null = null;
  return async () => {
    if (!chain) {
      // Imported only here: an install with keys in the URL never loads the SDK's 22 packages.
      const { defaultProvider } = await import('@aws-sdk/credential-provider-node');
      chain = defaultProvider();
    }
    try {
      return await chain();
    } catch (error) {
      throw new NoS3Credentials(error);
    }
  };
}
