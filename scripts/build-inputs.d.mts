// Types for scripts/build-inputs.mjs (plain JavaScript: scripts/start.mjs runs it before any TypeScript tooling).
import type { Plugin } from 'vite';

export type BuildKind = 'app' | 'server';
export const buildInputs: Record<BuildKind, string[]>;
export const STAMP: string;
export function inputsHash(kind: BuildKind, root?: string): string;
export function stampedHash(outDir: string): string | null;
export function buildIsCurrent(kind: BuildKind, outDir: string, root?: string): boolean;
export function stampPlugin(kind: BuildKind): Plugin;
