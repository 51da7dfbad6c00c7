/**
 * Lets Rolldown drop the parts of react-router the app never uses. Its
 * production build creates every context and component at the top level with
 * plain calls (`var Link = React.forwardRef(…)`, `React.createContext(…)`) and
 * then sets `X.displayName = "X"`; a bundler must assume both have side
 * effects, so `Form`, `ScrollRestoration`, `Link`'s prefetching and the rest
 * stayed in the public site's first-visit bundle (100 KB, decision 005) whether
 * imported or not. This marks those calls pure and removes the displayName
 * lines (React reads them only for developer tools and development warnings).
 *
 * Each pattern must still be found: a react-router upgrade that changes the
 * shape fails the build here instead of quietly growing the bundle.
 */
import type { Plugin } from 'vite';

const ROUTER_BUILD = /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/;
/** `var Link = React10.forwardRef(` and the like, at the top level of the module. */
const TOP_LEVEL_REACT_CALL = /^(var [\w$]+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm;
/** `Link.displayName = "Link";` at the top level (never inside a function). */
const TOP_LEVEL_DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;
/** The module that defines the router and its components (Link, RouterProvider, …). */
const CORE_MARKER = 'function createRouter(';

export function leanRouterPlugin(): Plugin {
  return {
    name: 'roamly-lean-router',
    apply: 'build',
    transform: {
      filter: { id: ROUTER_BUILD },
      handler(code, id) {
        const pure = code.match(TOP_LEVEL_REACT_CALL)?.length ?? 0;
        const names = code.match(TOP_LEVEL_DISPLAY_NAME)?.length ?? 0;
        if (code.includes(CORE_MARKER) && (pure < 10 || names < 10)) {
          throw new Error(
            `roamly-lean-router: react-router's build changed shape (${pure} top-level React calls, ${names} displayName lines in ${id}); update scripts/lean-router-plugin.ts`,
          );
        }
        if (!pure && !names) return null;
        return {
          code: code.replace(TOP_LEVEL_REACT_CALL, '$1/* @__PURE__ */ $2').replace(TOP_LEVEL_DISPLAY_NAME, ''),
          map: null,
        };
      },
    },
  };
}
