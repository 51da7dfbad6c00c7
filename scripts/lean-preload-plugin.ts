/**
 * Replaces Vite's dynamic-import helper (`__vitePreload`, ~1.3 KB gzip in the
 * entry chunk) with the one job it has in this build: with
 * `build.modulePreload: false` its only dependencies are the stylesheets of
 * lazy chunks (the dashboard's), which must be in the page before the chunk
 * renders. The public site's first-visit JS budget is 100 KB, and
 * this helper ships on every page.
 */
import type { Plugin } from 'vite';

const HELPER_ID = '\0vite/preload-helper.js';

function helperSource(base: string): string {
  return `const loading = {};
export const __vitePreload = (load, deps) =>
  Promise.all(
    (deps || [])
      .filter((dep) => dep.endsWith('.css'))
      .map((dep) => (loading[dep] ||= new Promise((resolve, reject) => {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = ${JSON.stringify(base)} + dep;
        link.onload = resolve;
        link.onerror = () => {
          delete loading[dep];
          link.remove();
          reject(new Error('Unable to load ' + link.href));
        };
        document.head.append(link);
      }))),
  ).then(() => load());
`;
}

export function leanPreloadPlugin(): Plugin {
  let base = '/';
  return {
    name: 'roamly-lean-preload-helper',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      if (config.build.modulePreload !== false) {
        throw new Error('roamly-lean-preload-helper preloads stylesheets only: set build.modulePreload to false');
      }
      base = config.base;
    },
    transform: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler(_code, id) {
        if (id === HELPER_ID) return { code: helperSource(base), map: null };
      },
    },
  };
}
