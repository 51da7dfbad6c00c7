/**
 * One server for the whole Firefox suite (vitest globalSetup): starting one is
 * the slowest step on a busy machine. Files that need other settings (a short
 * token lifetime) start their own. Every file puts its own proxy — a new
 * origin, so new browser storage — in front.
 */
import type { TestProject } from 'vitest/node';
import { startServer } from '../../e2e/support/server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    roamlyServer: { baseURL: string; port: number };
  }
}

export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('roamlyServer', { baseURL: server.baseURL, port: server.port });
  return () => server.stop();
}
