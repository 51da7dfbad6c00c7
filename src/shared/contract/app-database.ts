/**
 * The name of the app's one IndexedDB database (src/shared/db/schema.ts). The
 * server's page boot script looks for it to tell a returning visitor from a
 * first one (server/http/page-boot-script.ts).
 */
export const DB_NAME = 'roamly';
