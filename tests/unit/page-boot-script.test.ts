import { expect, test } from 'vitest';
import { PAGE_BOOT_SCRIPT } from '../../server/http/page-boot-script.ts';
import { DB_NAME } from '../../src/shared/db/schema.ts';

test("the boot script looks for the app's own database to tell a returning visitor", () => {
  expect(PAGE_BOOT_SCRIPT).toContain(JSON.stringify(DB_NAME));
});
