/**
 * The public page's beacon reads the dashboard's token from the app's own
 * IndexedDB database; it names that database itself (so the page never
 * downloads the app chunk), and this keeps the two names equal.
 */
import { describe, expect, it } from 'vitest';
import { TOKEN_DATABASE } from '../../src/lib/listing-insights-beacon.ts';
import { DB_NAME } from '../../src/shared/db/schema.ts';

describe('insights beacon', () => {
  it('reads tokens from the database the app stores them in', () => {
    expect(TOKEN_DATABASE).toBe(DB_NAME);
  });
});
