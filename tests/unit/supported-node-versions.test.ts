import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_NODE, unsupportedNode } from '../../server/runtime/node-version.ts';

describe('the supported Node.js versions', () => {
  it('are what package.json "engines" says', () => {
    const { engines } = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
    expect(engines.node).toBe(SUPPORTED_NODE);
  });

  it('accept 20.19+, 22.12+ and newer majors, and include the Node.js running this test', () => {
    for (const version of ['v20.19.0', 'v20.20.2', 'v22.12.0', 'v22.20.1', 'v24.1.0', 'v26.0.0'])
      expect(unsupportedNode(version), version).toBeNull();
    expect(unsupportedNode(process.version)).toBeNull();
  });

  it('refuse older ones in one sentence that says what is supported', () => {
    for (const version of ['v18.20.4', 'v20.18.3', 'v21.7.3', 'v22.11.0']) {
      expect(unsupportedNode(version)).toBe(
        `Node.js ${version.slice(1)} is not supported: Roamly runs on Node.js 20.19 or newer in the 20 line, or 22.12 and newer (^20.19.0 || >=22.12.0).`,
      );
    }
  });
});
