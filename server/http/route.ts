/**
 * A route says what it is beside its handler (docs/architecture.md, "Routes"):
 *
 *   router.post(apiRoutes.login, route({ auth: 'none', anonymous: true, idempotent: false, json: LoginRequestSchema, … }), handler)
 *
 * One declaration is its policy, its input and its OpenAPI operation: what it
 * declares is what the middleware `route` returns enforces, and what
 * `hono-openapi` documents (it finds the operation on that middleware,
 * openapi/operation.ts). Nothing else lists paths.
 *
 * Every request, outermost first:
 * 1. `auth: 'bearer'`: no live session → 401, before anything else is read; then X-Account, when
 *    sent, makes the request the named owner's if the caller's team role may use the route
 *    (`team`, team-access.ts), else 403 (400 when malformed);
 * 2. a write's guards (POST, PUT, PATCH, DELETE):
 *    a. CHAOS faults (chaos.ts), unless `chaosExempt` (sign-in, so a test can log in);
 *    b. `anonymous`: JSON from this site only (anonymous-writes.ts);
 *    c. the body limit of its `body` kind: 64 KB of JSON, or an upload (body-limits.ts);
 *    d. `endsSessions`: the remembered live sessions are forgotten once it has answered (auth.ts);
 *    e. Idempotency-Key (idempotency.ts) when `idempotent: true` (false: answers that are credentials);
 * 3. the declared input — `query`, `json` or `form` — read and checked against the one schema
 *    that also documents it (400 `{detail, errors}`); the handler reads `c.req.valid(…)`;
 * 4. the declared `limits`, counted per address, account or body field (429 with Retry-After).
 *
 * The handler's types follow the declaration: `c.req.valid('json' | 'query' | 'form')` is the
 * schema's output, and on a bearer route `callerOf(c)` (auth.ts) is the signed-in caller.
 */
import type { Context, MiddlewareHandler, Next } from 'hono';
import { uniqueSymbol, type DescribeRouteOptions } from 'hono-openapi';
import type * as v from 'valibot';
import type { ApiEnv, RouteGuards } from '../context.ts';
import { requireUser } from './auth.ts';
import { readForm } from './multipart.ts';
import { operationOf, type RouteDoc } from './openapi/operation.ts';
import type { RoutePolicy } from './route-policy.ts';
import { readJson, validate } from './validation.ts';

export type RouteDeclaration = RoutePolicy & RouteDoc;

type Guard = Exclude<keyof RouteGuards, 'limits' | 'team'>;

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

/** Runs guards[i…] around `last`, with Hono's rule that a returned Response is the answer. */
async function run(
  c: Context<ApiEnv>,
  set: RouteGuards,
  guards: readonly Guard[],
  i: number,
  last: () => Promise<void>,
): Promise<void> {
  if (i === guards.length) return last();
  const guard = set[guards[i]!];
  if (!guard) return run(c, set, guards, i + 1, last);
  const res = await guard(c, () => run(c, set, guards, i + 1, last));
  if (res && !c.finalized) c.res = res;
}

/** A multipart (or JSON) form: its text fields as the schema's output, and its files by field name. */
export interface ValidForm<Fields> {
  fields: Fields;
  files: Record<string, File>;
}

type Output<S> = S extends v.GenericSchema ? v.InferOutput<S> : never;

/** What `c.req.valid(…)` answers in the handler of a route declared as `D`. */
type None = Record<never, never>;
type DeclaredInput<D> = {
  out: (D extends { json: infer J extends v.GenericSchema } ? { json: Output<J> } : None) &
    (D extends { query: infer Q extends v.GenericSchema } ? { query: Output<Q> } : None) &
    (D extends { form: { fields: infer F extends v.GenericSchema } } ? { form: ValidForm<Output<F>> } : None);
};

/** Reads the declared input and checks it against its schema; the handler reads `c.req.valid(…)`. */
async function readDeclaredInput(c: Context<ApiEnv>, declaration: RouteDeclaration): Promise<void> {
  if (declaration.query) c.req.addValidatedData('query', validate(declaration.query, c.req.query()) as object);
  if (declaration.json) c.req.addValidatedData('json', validate(declaration.json, await readJson(c)) as object);
  if (declaration.form) {
    const form = await readForm(c);
    c.req.addValidatedData('form', { fields: validate(declaration.form.fields, form.fields), files: form.files });
  }
}

const declarations = new WeakMap<object, RouteDeclaration>();

/** The declaration a handler of a route's chain carries, if it is the one `route` made. */
export function declarationOf(handler: unknown): RouteDeclaration | undefined {
  return typeof handler === 'function' ? declarations.get(handler) : undefined;
}

/** The middleware that declares a route: its policy, its input, and its OpenAPI operation. */
export function route<const D extends RouteDeclaration>(
  declaration: D,
): MiddlewareHandler<ApiEnv, string, DeclaredInput<D>> {
  const guards = guardsOf(declaration);
  const limits = declaration.limits ?? [];
  const reads = Boolean(declaration.query ?? declaration.json ?? declaration.form) || limits.length > 0;
  const middleware: MiddlewareHandler<ApiEnv> = async (c, next: Next) => {
    if (declaration.auth === 'bearer') {
      requireUser(c);
      await c.var.guards.team(c, declaration.team ?? 'owner-only');
    }
    const inner = reads
      ? async () => {
          await readDeclaredInput(c, declaration);
          if (limits.length > 0) await c.var.guards.limits(c, limits);
          await next();
        }
      : next;
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return inner();
    await run(c, c.var.guards, guards, 0, inner);
  };
  // What hono-openapi's describeRoute attaches, made when the document is first asked for.
  let spec: DescribeRouteOptions | undefined;
  const described = {
    get spec() {
      return (spec ??= operationOf(declaration));
    },
  };
  declarations.set(middleware, declaration);
  return Object.assign(middleware, { [uniqueSymbol]: described }) as unknown as MiddlewareHandler<
    ApiEnv,
    string,
    DeclaredInput<D>
  >;
}
