/**
 * No module reaches itself through its imports, type-only and dynamic imports included
 * (architecture §2): a loop of types still means nobody can say which module is below which
 * (a review found a 12-file one through src/shared/db/schema.ts). TypeScript's own
 * pre-processor lists every import. This is the only cycle check: ESLint's import-x/no-cycle
 * skipped `import type` and cost half of the lint's CPU (decision 016).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const sourceDirs = ['src', 'sw', 'server', 'scripts', 'tests'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(tsx?|mjs)$/.test(entry.name) && !/\.d\.m?ts$/.test(entry.name) ? [path] : [];
  });
}

/** Each module's imports of our own modules (static, dynamic, type-only and re-exports). */
function importGraph(): Map<string, string[]> {
  const files = sourceDirs.flatMap((dir) => sourceFiles(join(root, dir)));
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const imported = importedFiles
        .map(({ fileName }) => fileName)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => resolve(dirname(file), specifier))
        .filter((path) => known.has(path));
      return [file, imported];
    }),
  );
}

/** Strongly connected components of more than one module (Tarjan): each is at least one cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const imported of graph.get(file) ?? []) {
      if (!index.has(imported)) {
        visit(imported);
        low.set(file, Math.min(low.get(file)!, low.get(imported)!));
      } else if (onStack.has(imported)) {
        low.set(file, Math.min(low.get(file)!, index.get(imported)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(relative(root, member));
    } while (member !== file);
    if (component.length > 1) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('module imports', () => {
  it('reads every import kind, so a cycle would be seen', () => {
    const graph = importGraph();
    const importsOf = (file: string) => (graph.get(join(root, file)) ?? []).map((path) => relative(root, path));
    // A type-only import, a dynamic import and a plain one.
    expect(importsOf('src/shared/db/schema.ts')).toContain('src/shared/outbox/entry.ts');
    expect(importsOf('src/lib/sw-bridge.ts')).toContain('src/lib/sw-control.ts');
    expect(importsOf('server/app.ts')).toContain('server/http/domain-errors.ts');
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
  });

  it('lead no module in src/, sw/, server/, scripts/ or tests/ back to itself', () => {
    expect(cycles(importGraph())).toEqual([]);
  });
});
