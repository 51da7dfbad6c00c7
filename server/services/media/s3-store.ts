/**
 * Images in an S3-compatible bucket (MEDIA_S3_URL), path-style
 * (`endpoint/bucket/name`), each request signed (SigV4) by ./s3-signing.ts —
 * four object calls and a listing need no S3 client. Objects keep their content type; names are random and never
 * reused, so the API serves them as immutable.
 */
import { randomBytes } from 'node:crypto';
import { imageNamePattern, type ImageStore } from '../image-store.ts';
import { sniffImageType, type ImageType } from './image-type.ts';
import { credentialSource, signRequest, type S3CredentialSource } from './s3-signing.ts';
import { parseS3Url, type S3Location } from './s3-url.ts';
import { imageExtensions } from './names.ts';
import { HEAD_BYTES, type ImageStream } from './image-stream.ts';

const TIMEOUT_MS = 15_000;

export class S3Error extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Signed requests to one bucket: what the image store and the backup tool are built on. */
export interface S3Bucket {
  /** `name` is an object key ('' for the bucket itself); `query` adds URL parameters. */
  call(
    method: string,
    name: string,
    options?: { body?: Uint8Array; type?: string; query?: Record<string, string>; signal?: AbortSignal },
  ): Promise<Response>;
  failure(response: Response, what: string): Promise<S3Error>;
  putObject(name: string, bytes: Uint8Array, type: ImageType): Promise<void>;
  /** Every object key in the bucket (ListObjectsV2, page by page). */
  listKeys(): AsyncIterable<string>;
}

/** `credentials` replaces where the keys come from (tests; the URL's keys or the AWS chain otherwise). */
export function s3Bucket(location: S3Location | string, credentials?: S3CredentialSource): S3Bucket {
  const where = typeof location === 'string' ? parseS3Url(location) : location;
  const keys = credentials ?? credentialSource(where.keys);
  const bucket: S3Bucket = {
    async call(method, name, options = {}) {
      const path = `/${encodeURIComponent(where.bucket)}` + (name ? `/${encodeURIComponent(name)}` : '');
      const url = new URL(where.endpoint + path);
      for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
      const headers = await signRequest(
        {
          method,
          url,
          region: where.region,
          ...(options.body ? { body: options.body } : {}),
          headers: options.type ? { 'content-type': options.type } : {},
        },
        await keys(),
      );
      return fetch(url, {
        method,
        headers,
        ...(options.body ? { body: options.body as Uint8Array<ArrayBuffer> } : {}),
        signal: options.signal ?? AbortSignal.timeout(TIMEOUT_MS),
      });
    },
    async failure(response, what) {
      const text = await response.text().catch(() => '');
      const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? '';
      return new S3Error(response.status, `S3 ${what} failed: ${response.status} ${code}`.trim());
    },
    async putObject(name, bytes, type) {
      const response = await bucket.call('PUT', name, { body: bytes, type });
      if (!response.ok) throw await bucket.failure(response, `PUT ${name}`);
      await response.body?.cancel();
    },
    async *listKeys() {
      let token: string | null = null;
      do {
        const query: Record<string, string> = { 'list-type': '2', 'max-keys': '1000' };
        if (token) query['continuation-token'] = token;
        const response = await bucket.call('GET', '', { query });
        if (!response.ok) throw await bucket.failure(response, 'LIST');
        const xml = await response.text();
        for (const match of xml.matchAll(/<Key>([^<]+)<\/Key>/g)) yield unescapeXml(match[1]!);
        const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
        token = truncated
          ? unescapeXml(/<NextContinuationToken>([^<]+)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '')
          : null;
      } while (token);
    },
  };
  return bucket;
}

function unescapeXml(text: string): string {
  return text.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_, entity: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[entity]!,
  );
}

export function s3ImageStore(location: S3Location | string, credentials?: S3CredentialSource): ImageStore {
  const bucket = s3Bucket(location, credentials);
  const call = (method: string, name: string) => bucket.call(method, name);
  const failure = bucket.failure;

  return {
    async put(bytes, type) {
      const name = `${randomBytes(16).toString('base64url')}.${imageExtensions[type]}`;
      await bucket.putObject(name, bytes, type);
      return name;
    },
    async get(name) {
      if (!imageNamePattern.test(name)) return null;
      const response = await call('GET', name);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw await failure(response, `GET ${name}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const type = sniffImageType(bytes);
      return type ? { bytes, type } : null;
    },
    async open(name) {
      if (!imageNamePattern.test(name)) return null;
      // The timeout covers the answer's headers only: a slow reader may take longer than
      // TIMEOUT_MS over the body, which the media route times out by its own measure.
      const aborter = new AbortController();
      const timer = setTimeout(() => aborter.abort(new Error(`S3 GET ${name} timed out`)), TIMEOUT_MS);
      let response: Response;
      try {
        response = await bucket.call('GET', name, { signal: aborter.signal });
      } finally {
        clearTimeout(timer);
      }
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok || !response.body) throw await failure(response, `GET ${name}`);
      const size = Number(response.headers.get('content-length') ?? NaN);
      if (!Number.isSafeInteger(size)) {
        aborter.abort();
        throw new S3Error(502, `S3 GET ${name} answered without a Content-Length`);
      }
      return openedObject(response.body, size, () => aborter.abort());
    },
    async exists(name) {
      if (!imageNamePattern.test(name)) return false;
      const response = await call('HEAD', name);
      await response.body?.cancel();
      if (response.status === 404) return false;
      if (!response.ok) throw await failure(response, `HEAD ${name}`);
      return true;
    },
    async delete(name) {
      if (!imageNamePattern.test(name)) return;
      const response = await call('DELETE', name);
      if (!response.ok && response.status !== 404) throw await failure(response, `DELETE ${name}`);
      await response.body?.cancel();
    },
  };
}

/**
 * The object's body as it arrives from the bucket — fetch reads the socket
 * only as the stream is pulled, so a slow reader slows the download, not
 * buffers it — after its first bytes are sniffed. Null when it is not an image.
 */
async function openedObject(
  source: ReadableStream<Uint8Array>,
  size: number,
  abort: () => void,
): Promise<ImageStream | null> {
  const reader = source.getReader();
  const stop = () => {
    abort();
    void reader.cancel().catch(() => undefined);
  };
  let head = new Uint8Array(0);
  try {
    while (head.length < HEAD_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      const joined = new Uint8Array(head.length + value.length);
      joined.set(head);
      joined.set(value, head.length);
      head = joined;
    }
  } catch (error) {
    stop();
    throw error;
  }
  const type = sniffImageType(head);
  if (!type || size < head.length) {
    stop();
    return null;
  }
  let first: Uint8Array | null = head;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (first) {
          controller.enqueue(first);
          first = null;
          return;
        }
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: stop,
    },
    { highWaterMark: 0 },
  );
  return { type, size, body };
}
