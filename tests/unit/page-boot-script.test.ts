import { expect, test } from 'vitest';
import { APP_DB_NAME, PAGE_BOOT_SCRIPT } from '../../server/http/page-boot-script.ts';
import { DB_NAME } from '../../src/shared/db/schema.ts';

test("the boot script looks for the app's own database to tell a returning visitor", () => {
  expect(APP_DB_NAME).toBe(DB_NAME);
  expect(PAGE_BOOT_SCRIPT).toContain(JSON.stringify(DB_NAME));
});
