/** The server's list of the app's addresses (for real 404s) covers every route the router has. */
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { isClientRoute } from '../../server/http/client-routes.ts';
import { dashboardRoute } from '../../src/app/dashboard-route.tsx';
import { routes } from '../../src/app/routes.tsx';

/** Every concrete address of a route tree (parameters filled in, catch-alls left out). */
function addresses(route: RouteObject, base: string): string[] {
  if (route.path?.includes('*')) return [];
  const path = route.path?.replace(/^\//, '');
  const here = path ? `${base.replace(/\/$/, '')}/${path}`.replace(/:\w+/g, '7') : base;
  const own = route.index || (path && !route.children) ? [here || '/'] : [];
  return [...own, ...(route.children ?? []).flatMap((child) => addresses(child, here))];
}

describe('server/http/client-routes.ts', () => {
  it('knows every address of the router, the dashboard included', () => {
    const all = [...routes.flatMap((route) => addresses(route, '')), ...addresses(dashboardRoute, '')];
    expect(all).toContain('/about');
    expect(all).toContain('/dashboard/business/7');
    for (const address of all) expect(isClientRoute(address), address).toBe(true);
  });

  it('does not take other addresses for the app', () => {
    for (const address of ['/nope', '/about-us', '/wp-login.php', '/dashboards', '/e/12/slug', '/p/someone'])
      expect(isClientRoute(address), address).toBe(false);
    expect(isClientRoute('/About/')).toBe(true);
  });
});
