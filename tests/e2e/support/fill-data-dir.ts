/**
 * `node --import tsx tests/e2e/support/fill-data-dir.ts DIR`: puts a database
 * as a first start leaves it (migrated, gazetteer loaded) into the empty
 * DATA_DIR the end-to-end server will use (scripts/test.mjs), so the suite's
 * first test does not wait for initdb, every migration and 140,000 places.
 * A first start on an empty DATA_DIR is tested by tests/build/server-build.test.ts.
 */
import { fillDataDir } from '../../support/migrated-data-dir.ts';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('Usage: fill-data-dir.ts DIR');
await fillDataDir(dataDir);
