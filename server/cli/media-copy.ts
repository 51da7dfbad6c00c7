/**
 * `npm run media:copy -- FROM TO`: copies every uploaded image from one media
 * store to another, keeping names (so every image URL keeps working). For
 * backups (`current ./backup/media`), restores (`./backup/media current`)
 * and moving stores (`./data/uploads current` after setting DATABASE_URL or
 * MEDIA_S3_URL). Locations: current, postgres, s3://…, or a directory.
 */
import '../runtime/require-supported-node.ts';
import { configOrExit } from '../runtime/config-or-exit.ts';
import { createLogger } from '../services/logger.ts';
import { copyMedia, openMediaArchive } from '../services/media/archive.ts';

const config = configOrExit();
const logger = createLogger(config.logLevel);
const [fromArg, toArg] = process.argv.slice(2);
if (!fromArg || !toArg) {
  console.error('usage: npm run media:copy -- FROM TO   (current | postgres | s3://… | a directory)');
  process.exit(2);
}
const from = await openMediaArchive(fromArg, config);
const to = await openMediaArchive(toArg, config);
try {
  const report = await copyMedia(from, to);
  logger.info(
    { ...report, from: from.label, to: to.label },
    `Copied ${report.copied} image(s) from ${from.label} to ${to.label}.`,
  );
  if (report.unreadable.length) logger.warn({ skipped: report.unreadable }, 'Some files were not images; skipped.');
} catch (error) {
  logger.fatal({ err: error }, 'Copy failed');
  process.exitCode = 1;
} finally {
  await from.close();
  await to.close();
}
