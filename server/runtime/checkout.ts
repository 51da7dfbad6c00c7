/**
 * Whether this server runs from a development checkout (the sources are next
 * to it) or from a release tree (`npm run release`: builds and production
 * packages only). A release tree is production unless NODE_ENV says otherwise,
 * so a deploy that forgets NODE_ENV gets no dev mailbox, refuses SEED_DEMO=1
 * and asks for PUBLIC_URL, instead of quietly running as a developer's machine.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder above this module that holds a package.json: the project or release root. */
function projectRoot(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

export function isDevelopmentCheckout(): boolean {
  const root = projectRoot();
  return root !== null && existsSync(join(root, 'server', 'index.ts'));
}
