/**
 * A build step that works on the written client output: it runs in
 * `closeBundle` (sequentially, `order` among the other steps) with the output
 * folder, and not at all in an SSR build.
 */
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

export function outputStepPlugin(
  name: string,
  order: 'pre' | 'post',
  step: (outDir: string) => Promise<void>,
  options: Pick<Plugin, 'enforce'> = {},
): Plugin {
  let outDir = '';
  let isSsrBuild = false;
  return {
    name,
    apply: 'build',
    ...options,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      isSsrBuild = Boolean(config.build.ssr);
    },
    closeBundle: {
      sequential: true,
      order,
      async handler() {
        if (!isSsrBuild) await step(outDir);
      },
    },
  };
}
