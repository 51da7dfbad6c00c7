/**
 * A build is current exactly when its inputs have the content they had when it
 * was made (scripts/build-inputs.mjs, decision 013): `npm start` rebuilds after
 * an edit, a new, deleted or renamed file, and never after a mere touch (a
 * checkout, a copy). Exercised on a small tree of its own, built by Vite with
 * the stamping plugin both real configurations use.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIsCurrent, inputsHash, stampedHash, stampPlugin } from '../../scripts/build-inputs.mjs';

let root = '';
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'roamly-inputs-'));
  write('index.html', '<!doctype html><title>t</title><script type="module" src="/src/main.ts"></script>');
  write('src/main.ts', 'document.title = "one";\n');
  write('public/robots.txt', 'User-agent: *\n');
  write('package-lock.json', '{}\n');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the inputs hash', () => {
  it('ignores a touch but sees an edit, a new file, a deletion and a rename', () => {
    const first = inputsHash('app', root);
    expect(inputsHash('app', root)).toBe(first);

    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'src/main.ts'), later, later);
    expect(inputsHash('app', root)).toBe(first);

    write('src/main.ts', 'document.title = "two";\n');
    const edited = inputsHash('app', root);
    expect(edited).not.toBe(first);

    write('public/new.png', 'png');
    const added = inputsHash('app', root);
    expect(added).not.toBe(edited);

    renameSync(join(root, 'public/new.png'), join(root, 'public/renamed.png'));
    expect(inputsHash('app', root)).not.toBe(added);

    rmSync(join(root, 'public/renamed.png'));
    expect(inputsHash('app', root)).toBe(edited);

    // A lockfile change (a library upgrade) changes both builds.
    const server = inputsHash('server', root);
    write('package-lock.json', '{"lockfileVersion":3}\n');
    expect(inputsHash('app', root)).not.toBe(edited);
    expect(inputsHash('server', root)).not.toBe(server);
  });
});

describe('a build stamped by its Vite plugin', () => {
  const viteBuild = () =>
    build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [stampPlugin('app')],
      build: { outDir: 'dist', emptyOutDir: true },
    });

  it('is current until an input changes, and an unfinished build is never current', async () => {
    const outDir = join(root, 'dist');
    expect(buildIsCurrent('app', outDir, root)).toBe(false);

    await viteBuild();
    expect(stampedHash(outDir)).toBe(inputsHash('app', root));
    expect(buildIsCurrent('app', outDir, root)).toBe(true);

    write('src/main.ts', 'document.title = "edited";\n');
    expect(buildIsCurrent('app', outDir, root)).toBe(false);

    await viteBuild();
    expect(buildIsCurrent('app', outDir, root)).toBe(true);

    // A build that stopped half-way has written no stamp yet.
    rmSync(join(outDir, '.build-inputs'));
    expect(buildIsCurrent('app', outDir, root)).toBe(false);
  });
});
