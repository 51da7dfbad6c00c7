/**
 * At start, after the server is ready: is the S3 bucket (MEDIA_S3_URL) there
 * and does it take our credentials, and does the SMTP server (SMTP_URL)
 * answer and accept our login? Each problem is one warning line naming the
 * variable. They warn and do not stop the server: the database is what the
 * site needs to serve, images and mail fail one by one (and say so) while
 * those services are away, and a start-up that waits for every third party
 * would turn their hiccup into our outage.
 */
import { createTransport } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Logger } from '../services/logger.ts';
import { NoS3Credentials } from '../services/media/s3-signing.ts';
import { s3Bucket } from '../services/media/s3-store.ts';

const CHECK_TIMEOUT_MS = 10_000;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS / 1000} s`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

async function checkBucket(url: string): Promise<string | null> {
  const bucket = s3Bucket(url);
  try {
    const response = await withTimeout(bucket.call('HEAD', ''), 'the S3 endpoint');
    await response.body?.cancel();
    if (response.ok) return null;
    if (response.status === 404) return 'MEDIA_S3_URL: the bucket does not exist (HTTP 404); image uploads will fail';
    if (response.status === 403 || response.status === 401) {
      return `MEDIA_S3_URL: the S3 endpoint refused these credentials for the bucket (HTTP ${response.status}); image uploads will fail`;
    }
    return `MEDIA_S3_URL: the S3 endpoint answered HTTP ${response.status} for the bucket`;
  } catch (error) {
    if (error instanceof NoS3Credentials) return `${error.message}; image uploads will fail`;
    return `MEDIA_S3_URL: cannot reach the S3 endpoint (${(error as Error).message}); images will not load until it answers`;
  }
}

async function checkSmtp(url: string): Promise<string | null> {
  const transport = createTransport(url);
  try {
    await withTimeout(transport.verify(), 'the SMTP server');
    return null;
  } catch (error) {
    return `SMTP_URL: the SMTP server does not accept us (${(error as Error).message}); mail will fail until it does`;
  } finally {
    transport.close();
  }
}

/** Logs one warning per unreachable service; resolves when both checks are done. */
export async function warnAboutUnreachableServices(
  config: Pick<Config, 'mediaS3Url' | 'smtpUrl'>,
  logger: Logger,
): Promise<void> {
  const problems = await Promise.all([
    config.mediaS3Url ? checkBucket(config.mediaS3Url) : null,
    config.smtpUrl ? checkSmtp(config.smtpUrl) : null,
  ]);
  for (const problem of problems) if (problem) logger.warn({ check: 'start-up' }, problem);
}
