/**
 * Imported first by every entry point (server/index.ts, server/cli/*): on an
 * unsupported Node.js, one sentence and exit before any other module loads.
 */
import { unsupportedNode } from './node-version.ts';
import { refuseToStart } from './start-failure.ts';

const problem = unsupportedNode(process.version);
if (problem) refuseToStart(problem);
