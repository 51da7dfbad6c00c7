/**
 * The Node.js releases the server runs on: 20 LTS from 20.19 (unflagged
 * require() of ES modules, which the toolchain needs too) and 22.12 or newer.
 * package.json "engines" says the same; tests/unit/supported-node-versions.test.ts keeps
 * the two in step.
 */
export const SUPPORTED_NODE = '^20.19.0 || >=22.12.0';

/** A sentence saying why `version` (e.g. "v18.20.4") is not supported, or null when it is. */
export function unsupportedNode(version: string): string | null {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  const supported = (major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major >= 23;
  return supported
    ? null
    : `Node.js ${version.replace(/^v/, '')} is not supported: Roamly runs on Node.js 20.19 or newer in the 20 line, or 22.12 and newer (${SUPPORTED_NODE}).`;
}
