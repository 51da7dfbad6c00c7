import { useRouteError } from 'react-router-dom';

/**
 * Every page's error element. A page's code that fails to load is almost
 * always a deploy: this tab still runs the old build, whose chunks the server
 * no longer has. Every browser rejects that dynamic import with a TypeError
 * about the module (Chromium and Firefox "… dynamically imported module",
 * Safari "Importing a module script failed"): then the newer version is
 * offered; anything else gets a retry. This module is in every first visit's
 * bundle (it must work when chunks do not), under a tight budget: keep it small.
 */
export function RouteError() {
  return (
    <div className="page">
      <h1>
        {/^TypeError.*module/.test(String(useRouteError()))
          ? 'A newer version is available — reload'
          : 'Something went wrong'}
      </h1>
      <button onClick={() => location.reload()}>Reload</button>
    </div>
  );
}

/** One element for every boundary in the route table. */
export const routeError = <RouteError />;
