import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` refuses a lockfile that names an optional dependency it does not lock,
 * which is what npm writes when a pinned package has no build published for some
 * platform at that version (rollup 4.68.7 had no darwin/win32 binaries). Every Mac,
 * Windows and Docker install would then fail while Linux `npm install` looks fine.
 */
interface LockedPackage {
  version?: string;
  optionalDependencies?: Record<string, string>;
  dependencies?: Record<string, string>;
}
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockedPackage>;
};
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Node's resolution: the nearest node_modules up from the dependant's folder. */
function resolves(from: string, name: string): boolean {
  let dir = from;
  for (;;) {
    if (lock.packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (!dir) return false;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut === -1 ? '' : dir.slice(0, cut);
  }
}

describe('package-lock.json', () => {
  it('locks every optional dependency of every package, for every platform', () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (name === 'fsevents') continue; // macOS-only and optional in npm's own tree too
        if (!resolves(path, name)) missing.push(`${path || '(root)'} → ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('pins exactly the versions package.json asks for', () => {
    const root = lock.packages[''] as LockedPackage & { devDependencies?: Record<string, string> };
    expect(root.dependencies).toEqual(pkg.dependencies);
    expect(root.devDependencies).toEqual(pkg.devDependencies);
    for (const [name, version] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })) {
      // An alias (`npm:typescript@7.0.2`) pins the version after its last @.
      const pinned = version.startsWith('npm:') ? version.slice(version.lastIndexOf('@') + 1) : version;
      expect(lock.packages[`node_modules/${name}`]?.version, name).toBe(pinned);
    }
  });

  it('keeps build tools out of a production install (npm ci --omit=dev), and runtime libraries in it', () => {
    // "dev" in the lock is what --omit=dev skips; "devOptional" (an optional peer of a
    // production package, as TypeScript is of valibot) is still installed, and
    // `npm run release` prunes it with the libraries the server build bundles.
    const installed = Object.entries(lock.packages)
      .filter(([path, entry]) => path && !(entry as { dev?: boolean }).dev)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    for (const name of ['vite', 'tsx', 'vitest', 'eslint', '@playwright/test'])
      expect(installed, name).not.toContain(name);
    // contract §3: what the running server uses is a dependency, bundled or not.
    for (const name of ['hono', '@hono/node-server', 'valibot', 'jose', 'nodemailer', 'react', 'react-dom'])
      expect(pkg.dependencies, name).toHaveProperty(name);
  });
});
