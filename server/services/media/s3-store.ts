/**
 * Images in an S3-compatible bucket (MEDIA_S3_URL), path-style
 * (`endpoint/bucket/name`), signed with our own SigV4 — three object calls
 * need no SDK. Objects keep their content type; names are random and never
 * reused, so the API serves them as immutable.
 */
import { randomBytes } from 'node:crypto';
import { imageNamePattern, sniffImageType, type ImageStore, type ImageType } from '../image-store.ts';
import { signRequest } from './sigv4.ts';
import { parseS3Url, type S3Location } from './s3-url.ts';
import { imageExtensions } from './names.ts';

const TIMEOUT_MS = 15_000;

export class S3Error extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function s3ImageStore(location: S3Location | string): ImageStore {
  const where = typeof location === 'string' ? parseS3Url(location) : location;
  const credentials = {
    accessKeyId: where.accessKeyId,
    secretAccessKey: where.secretAccessKey,
    region: where.region,
  };

  async function call(method: string, name: string, body?: Uint8Array, type?: ImageType): Promise<Response> {
    const url = new URL(`${where.endpoint}/${encodeURIComponent(where.bucket)}/${encodeURIComponent(name)}`);
    const headers = signRequest(
      { method, url, ...(body ? { body } : {}), headers: type ? { 'content-type': type } : {} },
      credentials,
    );
    const response = await fetch(url, {
      method,
      headers,
      ...(body ? { body: body as Uint8Array<ArrayBuffer> } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return response;
  }

  async function failure(response: Response, what: string): Promise<S3Error> {
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? '';
    return new S3Error(response.status, `S3 ${what} failed: ${response.status} ${code}`.trim());
  }

  return {
    async put(bytes, type) {
      const name = `${randomBytes(16).toString('base64url')}.${imageExtensions[type]}`;
      const response = await call('PUT', name, bytes, type);
      if (!response.ok) throw await failure(response, `PUT ${name}`);
      await response.body?.cancel();
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
    async delete(name) {
      if (!imageNamePattern.test(name)) return;
      const response = await call('DELETE', name);
      if (!response.ok && response.status !== 404) throw await failure(response, `DELETE ${name}`);
      await response.body?.cancel();
    },
  };
}
