// Types for scripts/server-entry.mjs (plain JavaScript: scripts/start.mjs runs it before any TypeScript tooling).
export const serverOutDir: string;
export function builtEntry(sourceEntry: string): string;
export function ensureServerBuild(): void;
export function currentSourceCommand(sourceEntry: string): string[];
export function commandFor(sourceEntry: string, options?: { production?: boolean }): string[];
export function runEntry(sourceEntry: string, args?: string[]): import('node:child_process').ChildProcess;
