/**
 * A real S3-compatible server (s3rver) on loopback with one bucket, in a
 * fresh directory: what MEDIA_S3_URL points at in tests. s3rver checks SigV4
 * signatures against its built-in credentials S3RVER / S3RVER.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  /** `s3://S3RVER:S3RVER@127.0.0.1:PORT/BUCKET?region=us-east-1` */
  url: string;
  port: number;
  bucket: string;
  stop(): Promise<void>;
}

export async function startLocalS3(bucket = 'roamly-media'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'roamly-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    url: `s3://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}?region=us-east-1`,
    port,
    bucket,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
