/**
 * The dev mailbox (contract §4): with no SMTP server and outside production,
 * `GET /api/dev/mailbox?email=…` lists the mail sent to that address, oldest
 * first, with the verification code when the mail carries one.
 *
 * It needs no sign-in and shows verification and reset codes and, for the
 * support address, other people's reports: so it answers only requests made
 * on this machine (a loopback peer, nothing forwarded by a proxy). A server
 * reachable from outside with NODE_ENV unset leaks nothing through it, while
 * local tooling and tests keep reading every inbox (contract §4), the
 * support inbox included.
 */
import { Hono } from 'hono';
import { EmailSchema } from '../../src/shared/contract/formats.ts';
import type { ApiContext, ApiEnv, Services } from '../context.ts';
import { devMailTo } from '../db/queries/dev-mail.ts';
import { ApiError } from '../http/problem.ts';
import { validate } from '../http/validation.ts';
import * as v from 'valibot';

const MailboxQuerySchema = v.object({ email: EmailSchema });

export function devRoutes(services: Services): Hono<ApiEnv> {
  const router = new Hono<ApiEnv>();
  router.get('/mailbox', async (c) => {
    if (!isLocalRequest(c)) {
      throw new ApiError(403, 'The dev mailbox only answers requests made on the server itself.');
    }
    if (!c.req.query('email')?.trim()) throw new ApiError(400, 'Add ?email=<address> to read a mailbox.');
    const { email } = validate(MailboxQuerySchema, { email: c.req.query('email') });
    const mail = await devMailTo(services.db, email);
    const messages = mail.map((m) => (m.code ? m : { to: m.to, subject: m.subject, text: m.text }));
    return c.json({ messages }, 200, { 'Cache-Control': 'no-store' });
  });
  return router;
}

/** In-process requests (tests) have no socket; real ones must come from loopback, unproxied. */
function isLocalRequest(c: ApiContext): boolean {
  if (c.req.header('x-forwarded-for') || c.req.header('forwarded') || c.req.header('x-real-ip')) return false;
  const peer = c.env?.incoming?.socket?.remoteAddress;
  if (peer === undefined) return true;
  return /^(127\.|::1$|::ffff:127\.)/.test(peer);
}
