/**
 * The shared media stores behind ImageStore: PostgreSQL (here on
 * PGlite, or the real server in the api-postgres project) and S3-compatible
 * (requests signed by aws4fetch, keys from the URL or the AWS credential chain), against s3rver started on loopback. Both
 * store, serve and delete images; the API serves them as immutable from
 * whichever store is configured.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client.ts';
import { localImageStore, type ImageStore } from '../../server/services/image-store.ts';
import { copyMedia, directoryArchive, postgresArchive, s3Archive } from '../../server/services/media/archive.ts';
import { readWhole } from '../../server/services/media/image-stream.ts';
import { postgresImageStore } from '../../server/services/media/pg-store.ts';
import { s3ImageStore } from '../../server/services/media/s3-store.ts';
import { parseS3Url } from '../../server/services/media/s3-url.ts';
import { mediaStoreKind } from '../../server/services/media/select.ts';
import { warnAboutUnreachableServices } from '../../server/runtime/reachability.ts';
import type { Logger } from '../../server/services/logger.ts';
import { signRequest } from '../../server/services/media/s3-signing.ts';
import { startLocalS3, type LocalS3 } from '../support/s3-server.ts';
import { PNG_1PX, call, form, pngFile, signUp } from './support/api-client.ts';
import { freshDb, startTestApp } from './support/test-app.ts';

let db: Db;
let drop: () => Promise<void>;
let s3: LocalS3;
beforeAll(async () => {
  ({ db, drop } = await freshDb());
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.stop();
  await drop?.();
});

/** Runs `work` with these environment variables set (undefined: unset), then puts them back. */
async function withEnv(vars: Record<string, string | undefined>, work: () => Promise<unknown>): Promise<void> {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  apply(vars);
  try {
    await work();
  } finally {
    apply(saved);
  }
}

const GIF = new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;');

async function roundTrip(store: ImageStore) {
  const name = await store.put(PNG_1PX, 'image/png');
  expect(name).toMatch(/^[A-Za-z0-9_-]{22}\.png$/);
  expect(await store.get(name)).toEqual({ bytes: PNG_1PX, type: 'image/png' });
  // Served as a stream: same type, size and bytes, read a chunk at a time.
  const opened = await store.open(name);
  expect(opened).toMatchObject({ type: 'image/png', size: PNG_1PX.length });
  expect(await readWhole(opened!.body)).toEqual(PNG_1PX);
  expect(await store.open('AAAAAAAAAAAAAAAAAAAAAA.png')).toBeNull();
  expect(await store.exists(name)).toBe(true);
  const other = await store.put(GIF, 'image/gif');
  expect(other).not.toBe(name);
  await store.delete(name);
  expect(await store.get(name)).toBeNull();
  expect(await store.exists(name)).toBe(false);
  expect(await store.exists('../../etc/passwd')).toBe(false);
  expect(await store.get(other)).toEqual({ bytes: GIF, type: 'image/gif' });
  await store.delete(name); // twice is fine
  expect(await store.get('../../etc/passwd')).toBeNull();
  expect(await store.get('AAAAAAAAAAAAAAAAAAAAAA.png')).toBeNull();
}

describe('streaming from every store', () => {
  it('reads an image of several chunks back byte for byte from disk, PostgreSQL and S3', async () => {
    const big = new Uint8Array(200_000).map((_, i) => (i * 7) & 0xff);
    big.set(PNG_1PX.subarray(0, 8));
    const stores = [
      localImageStore(mkdtempSync(join(tmpdir(), 'roamly-stream-'))),
      postgresImageStore(db),
      s3ImageStore(s3.url),
    ];
    for (const store of stores) {
      const name = await store.put(big, 'image/png');
      const opened = (await store.open(name))!;
      expect(opened).toMatchObject({ type: 'image/png', size: big.length });
      const parts: number[] = [];
      for await (const part of opened.body) parts.push(part.length);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(big.length);
      expect(Buffer.from(await readWhole((await store.open(name))!.body)).equals(big)).toBe(true);
      await store.delete(name);
    }
  });
});

describe('PostgreSQL media store', () => {
  it('stores, serves and deletes images in the database', async () => {
    await roundTrip(postgresImageStore(db));
  });
});

describe('S3-compatible media store', () => {
  const exampleKeys = {
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  };

  it('signs requests exactly as AWS documents (GET Object example of the SigV4 docs)', async () => {
    const headers = await signRequest(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        region: 'us-east-1',
        headers: { Range: 'bytes=0-9' },
        now: new Date(Date.UTC(2013, 4, 24)),
      },
      exampleKeys,
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('signs a PUT with a body exactly as AWS documents (PUT Object example)', async () => {
    const headers = await signRequest(
      {
        method: 'PUT',
        url: new URL('https://examplebucket.s3.amazonaws.com/test%24file.text'),
        region: 'us-east-1',
        headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
        body: new TextEncoder().encode('Welcome to Amazon S3.'),
        now: new Date(Date.UTC(2013, 4, 24)),
      },
      exampleKeys,
    );
    expect(headers['x-amz-content-sha256']).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    expect(headers.authorization).toMatch(
      /SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd$/,
    );
  });

  // s3rver parses SigV4 headers and checks the access key but not the signature
  // itself; the two documented AWS examples above pin the signature.
  it('stores, serves and deletes images in a bucket of a real S3-compatible server', async () => {
    await roundTrip(s3ImageStore(s3.url));
  });

  it('signs the session token of temporary credentials (STS, a role) along with the request', async () => {
    const headers = await signRequest(
      { method: 'GET', url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'), region: 'us-east-1' },
      { ...exampleKeys, sessionToken: 'FQoGZXIvYXdzEXAMPLE/token+=' },
    );
    expect(headers['x-amz-security-token']).toBe('FQoGZXIvYXdzEXAMPLE/token+=');
    expect(headers.authorization).toMatch(/SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token,/);
  });

  it('takes the keys and AWS_SESSION_TOKEN from the AWS credential chain when MEDIA_S3_URL has none', async () => {
    const keyless = s3.url.replace('S3RVER:S3RVER@', '');
    expect(parseS3Url(keyless).keys).toBeNull();
    await withEnv(
      { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_SESSION_TOKEN: 'session-token-from-sts' },
      () => roundTrip(s3ImageStore(keyless)),
    );
    // The chain's keys really are the ones used: a wrong key from the environment is refused.
    await withEnv({ AWS_ACCESS_KEY_ID: 'NOBODY', AWS_SECRET_ACCESS_KEY: 'S3RVER' }, () =>
      expect(s3ImageStore(keyless).put(PNG_1PX, 'image/png')).rejects.toThrow(/403 InvalidAccessKeyId/),
    );
  });

  it('says MEDIA_S3_URL has no keys when the AWS credential chain finds none, and at start-up', async () => {
    const keyless = s3.url.replace('S3RVER:S3RVER@', '');
    // No keys, no profile files of the machine running the tests, no instance metadata service to wait for.
    const nowhere = {
      AWS_ACCESS_KEY_ID: undefined,
      AWS_SECRET_ACCESS_KEY: undefined,
      AWS_SESSION_TOKEN: undefined,
      AWS_PROFILE: undefined,
      AWS_CONFIG_FILE: join(tmpdir(), 'no-aws-config'),
      AWS_SHARED_CREDENTIALS_FILE: join(tmpdir(), 'no-aws-credentials'),
      AWS_EC2_METADATA_DISABLED: 'true',
    };
    await withEnv(nowhere, async () => {
      await expect(s3ImageStore(keyless).put(PNG_1PX, 'image/png')).rejects.toThrow(
        /^MEDIA_S3_URL has no keys and the AWS credential chain found none/,
      );
      const warnings: string[] = [];
      const logger = { warn: (_: unknown, message: string) => void warnings.push(message) } as unknown as Logger;
      await warnAboutUnreachableServices({ mediaS3Url: keyless, smtpUrl: null }, logger);
      expect(warnings).toEqual([expect.stringMatching(/^MEDIA_S3_URL has no keys .*; image uploads will fail$/)]);
    });
  });

  it('fails loudly, not silently, when the credentials are wrong', async () => {
    const wrong = s3ImageStore(s3.url.replace('S3RVER:S3RVER', 'NOBODY:S3RVER'));
    await expect(wrong.put(PNG_1PX, 'image/png')).rejects.toThrow(/403 InvalidAccessKeyId/);
    await expect(wrong.get('AAAAAAAAAAAAAAAAAAAAAA.png')).rejects.toThrow(/403/);
  });

  it('reads MEDIA_S3_URL: encoded secrets, region, TLS unless loopback or tls=false', () => {
    expect(parseS3Url('s3://AK:se%2Fcr%2Bet@r2.example.com/media?region=auto')).toEqual({
      endpoint: 'https://r2.example.com',
      bucket: 'media',
      region: 'auto',
      keys: { accessKeyId: 'AK', secretAccessKey: 'se/cr+et' },
    });
    expect(parseS3Url('s3://a:b@minio:9000/bucket?tls=false').endpoint).toBe('http://minio:9000');
    expect(parseS3Url('s3://a:b@127.0.0.1:9000/bucket').endpoint).toBe('http://127.0.0.1:9000');
    expect(() => parseS3Url('https://a:b@host/bucket')).toThrow(/s3:\/\//);
    expect(parseS3Url('s3://host/bucket').keys).toBeNull();
    expect(() => parseS3Url('s3://AK@host/bucket')).toThrow(/access key without a secret/);
    expect(() => parseS3Url('s3://a:b@host/')).toThrow(/bucket/);
  });

  it('is the store the API uses when MEDIA_S3_URL is set, serving uploads as immutable', async () => {
    expect(mediaStoreKind({ mediaS3Url: s3.url }, db)).toBe('s3');
    expect(mediaStoreKind({ mediaS3Url: null }, { engine: 'postgres' })).toBe('postgres');
    expect(mediaStoreKind({ mediaS3Url: null }, { engine: 'pglite' })).toBe('disk');
    const t = await startTestApp({ db, config: { mediaS3Url: s3.url } });
    const account = await signUp(t.app);
    const created = await call(t.app, 'POST', '/api/events/create/', {
      token: account.access,
      form: form({ title: 'Cover in a bucket', cover_image: pngFile() }),
    });
    expect(created.status).toBe(201);
    const name = new URL(created.body.cover_image as string).pathname.split('/').pop()!;
    // The object really is in the bucket.
    expect(await s3ImageStore(s3.url).get(name)).toEqual({ bytes: PNG_1PX, type: 'image/png' });
    const served = await t.app.request(`/api/media/${name}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG_1PX);
  });
});

describe('media backup, restore and moving stores (npm run media:copy)', () => {
  it('copies every image by name: directory → PostgreSQL → S3 → directory, skipping non-images', async () => {
    const source = mkdtempSync(join(tmpdir(), 'roamly-media-src-'));
    const names = ['AAAAAAAAAAAAAAAAAAAAAA.png', 'BBBBBBBBBBBBBBBBBBBBBB.gif'];
    writeFileSync(join(source, names[0]!), PNG_1PX);
    writeFileSync(join(source, names[1]!), GIF);
    writeFileSync(join(source, 'CCCCCCCCCCCCCCCCCCCCCC.png'), 'not an image');
    writeFileSync(join(source, 'notes.txt'), 'ignored');

    const toPostgres = await copyMedia(directoryArchive(source), postgresArchive(db));
    expect(toPostgres).toEqual({ copied: 2, unreadable: ['CCCCCCCCCCCCCCCCCCCCCC.png'] });
    expect(await postgresImageStore(db).get(names[0]!)).toEqual({ bytes: PNG_1PX, type: 'image/png' });

    const pg = postgresArchive(db);
    const bucketUrl = s3.url;
    const toS3 = await copyMedia(pg, s3Archive(bucketUrl));
    expect(toS3.copied).toBeGreaterThanOrEqual(2);
    expect(await s3ImageStore(bucketUrl).get(names[1]!)).toEqual({ bytes: GIF, type: 'image/gif' });

    const restored = mkdtempSync(join(tmpdir(), 'roamly-media-restored-'));
    const back = await copyMedia(s3Archive(bucketUrl), directoryArchive(restored));
    expect(back.copied).toBeGreaterThanOrEqual(2);
    expect(readdirSync(restored)).toEqual(expect.arrayContaining(names));
    expect(new Uint8Array(readFileSync(join(restored, names[0]!)))).toEqual(PNG_1PX);
    // Copying again changes nothing and fails nothing.
    expect((await copyMedia(directoryArchive(source), postgresArchive(db))).copied).toBe(2);
  });
});
