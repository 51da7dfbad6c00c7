/**
 * The module scripts a server-rendered page loads, read from the page the
 * build wrote (`dist/listing.html`, whose script tags carry the hashed file
 * names). No build, no scripts: the page still reads fully without them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function readPageScripts(distDir: string, page: string): string[] {
  let html: string;
  try {
    html = readFileSync(join(distDir, page), 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(/<script type="module"[^>]*\ssrc="(\/[^"]+)"/g)].map((match) => match[1]!);
}
