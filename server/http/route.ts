/**
 * A route says what it is beside its handler (architecture §7):
 *
 *   router.post(apiRoutes.login, route({ auth: 'none', anonymous: true, idempotent: false, … }), handler)
 *
 * One declaration gives both its policy — enforced by the middleware `route`
 * returns — and its OpenAPI operation, which `hono-openapi` finds on that
 * middleware (openapi/operation.ts). Nothing else lists paths.
 *
 * Policy of a write (POST, PUT, PATCH, DELETE), outermost first:
 * 1. CHAOS faults (chaos.ts), unless `chaosExempt` (sign-in, so a test can log in);
 * 2. `anonymous`: JSON from this site only (anonymous-writes.ts);
 * 3. the body limit of its `body` kind: 64 KB of JSON, or an upload (body-limits.ts);
 * 4. `endsSessions`: the remembered live sessions are forgotten once it has answered (auth.ts);
 * 5. Idempotency-Key (idempotency.ts) when `idempotent: true` (false: answers that are credentials).
 * A read (GET, HEAD) has no policy: the middleware only passes it on.
 */
import type { Context, MiddlewareHandler, Next } from 'hono';
import { uniqueSymbol, type DescribeRouteOptions } from 'hono-openapi';
import type { ApiEnv, RouteGuards } from '../context.ts';
import { operationOf, type RouteDoc } from './openapi/operation.ts';
import type { RoutePolicy } from './route-policy.ts';

export type RouteDeclaration = RoutePolicy & RouteDoc;

type Guard = keyof RouteGuards;

function guardsOf(policy: RoutePolicy): Guard[] {
  const guards: Guard[] = [];
  if (!policy.chaosExempt) guards.push('chaos');
  if (policy.anonymous) guards.push('sameSiteJson');
  guards.push(policy.body === 'upload' ? 'uploadLimit' : 'jsonLimit');
  if (policy.endsSessions === 'always') guards.push('endsSessions');
  if (policy.endsSessions === 'when-refused') guards.push('endsSessionsWhenRefused');
  if (policy.idempotent) guards.push('idempotency');
  return guards;
}

/** Runs guards[i…] around `next`, with Hono's rule that a returned Response is the answer. */
async function run(
  c: Context<ApiEnv>,
  set: RouteGuards,
  guards: readonly Guard[],
  i: number,
  next: Next,
): Promise<void> {
  const guard = set[guards[i]!];
  if (!guard) return i + 1 < guards.length ? run(c, set, guards, i + 1, next) : next();
  const res = await guard(c, () => (i + 1 < guards.length ? run(c, set, guards, i + 1, next) : next()));
  if (res && !c.finalized) c.res = res;
}

const declarations = new WeakMap<object, RouteDeclaration>();

/** The declaration a handler of a route's chain carries, if it is the one `route` made. */
export function declarationOf(handler: unknown): RouteDeclaration | undefined {
  return typeof handler === 'function' ? declarations.get(handler) : undefined;
}

/** The middleware that declares a route: its policy, and its OpenAPI operation. */
export function route(declaration: RouteDeclaration): MiddlewareHandler<ApiEnv> {
  const guards = guardsOf(declaration);
  const middleware: MiddlewareHandler<ApiEnv> = async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    await run(c, c.var.guards, guards, 0, next);
  };
  // What hono-openapi's describeRoute attaches, made when the document is first asked for.
  let spec: DescribeRouteOptions | undefined;
  const described = {
    get spec() {
      return (spec ??= operationOf(declaration));
    },
  };
  declarations.set(middleware, declaration);
  return Object.assign(middleware, { [uniqueSymbol]: described });
}
