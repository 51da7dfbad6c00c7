/**
 * The addresses the browser app answers (src/app/routes.tsx and the
 * dashboard's routes), for the server: any other address that reaches the
 * static site answers 404 with the app's page, not a soft 200.
 * tests/unit/client-routes-match-the-router.test.ts keeps this list and the
 * router in step.
 */
import { brand } from '../../src/brand.ts';

const PAGES = new Set([
  '/',
  `/${brand.slug}`,
  '/about',
  '/contact',
  '/faq',
  '/privacy',
  '/terms',
  '/child-safety',
  '/delete',
  '/issue',
  '/register',
  '/verify',
  '/reset-password',
  '/no-access',
  '/login',
]);

/**
 * Pages under /team (the invitation link, contract §12), by their last segment: `/team/` itself
 * is an API path (api-routes.ts), so no string here starts with it.
 */
const TEAM_PAGES = new Set(['accept']);

function isTeamPage(path: string): boolean {
  const [, first, second, ...rest] = path.split('/');
  return first === 'team' && rest.length === 0 && TEAM_PAGES.has(second ?? '');
}

/** True when the app has a page at `path` (case and a trailing slash aside, as the router). */
export function isClientRoute(path: string): boolean {
  const normalised = path.toLowerCase().replace(/(.)\/+$/, '$1');
  return (
    PAGES.has(normalised) ||
    isTeamPage(normalised) ||
    normalised === '/dashboard' ||
    normalised.startsWith('/dashboard/')
  );
}
