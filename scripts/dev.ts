/**
 * `npm run dev`: Vite's dev server with hot reload, and the real API mounted
 * under /api in the same process (embedded database in DATA_DIR).
 */
import { getRequestListener } from '@hono/node-server';
import { createServer } from 'vite';
import { createApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { openDb } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';

const config = configFromEnv();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(db);
const api = getRequestListener(createApp({ db, config }).fetch);

const vite = await createServer({
  server: { host: config.host, port: config.port },
  plugins: [
    {
      name: 'roamly-api',
      configureServer(server) {
        server.middlewares.use((req, res, next) => {
          // The API, and the pages the server renders itself (public listings, sitemap, robots.txt).
          if (req.url && /^\/(api\/|e\/|sitemap(-\d+)?\.xml|robots\.txt)/.test(req.url)) void api(req, res);
          else next();
        });
      },
    },
  ],
});
await vite.listen();
vite.printUrls();
