/**
 * Every API path is spelled once, in src/shared/contract/api-routes.ts: the
 * server registers from it and the client sends to it. A path written as a
 * string anywhere else in production code (the page, the worker, the server)
 * is a second spelling that can drift, and fails here, named.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, apiRoutes } from '../../src/shared/contract/api-routes.ts';

const root = join(import.meta.dirname, '../..');
const table = 'src/shared/contract/api-routes.ts';

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The code of a file without its comments, which may name paths to explain them. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
}

describe('API paths', () => {
  it('are string literals only in the shared route table', () => {
    const spelled = Object.values(apiRoutes).filter((path) => path.split('/').length > 2 || path.endsWith('/'));
    const quoted = (path: string) => new RegExp(`['"\`](${API_PREFIX})?${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
    const found: string[] = [];
    for (const file of ['src', 'sw', 'server'].flatMap(sources)) {
      if (relative(root, join(root, file)) === table) continue;
      const text = code(readFileSync(join(root, file), 'utf8'));
      for (const path of spelled) if (quoted(path).test(text)) found.push(`${file}: ${path}`);
      if (/['"`]\/api\//.test(text)) found.push(`${file}: a literal /api/ path`);
    }
    expect(found, `use apiRoutes / apiPath from ${table}`).toEqual([]);
  });
});
