/**
 * The dev mailbox (contract §4): with no SMTP server and outside production,
 * `GET /api/dev/mailbox?email=…` lists the mail sent to that address, oldest
 * first, with the verification code when the mail carries one. It reads the
 * mail queue (services/mail-queue.ts), so a mail shows as soon as the request
 * that queued it has answered.
 *
 * It needs no sign-in and shows verification and reset codes and, for the
 * support address, other people's reports: so it answers only requests made
 * on this machine — a loopback peer, no sign of a proxy (a default nginx adds
 * no X-Forwarded-For, so any forwarding header at all refuses, and so does a
 * Host that is not a loopback name: a DNS-rebinding page in the developer's
 * browser sends its own host name). A server reachable from outside with
 * NODE_ENV unset leaks nothing through it, while local tooling and tests keep
 * reading every inbox (contract §4), the support inbox included.
 */
import { Hono } from 'hono';
import { apiRoutes } from '../../src/shared/contract/api-routes.ts';
import { EmailSchema } from '../../src/shared/contract/formats.ts';
import type { ApiContext, ApiEnv, Services } from '../context.ts';
import { queuedMailTo } from '../db/queries/mail-queue.ts';
import { ApiError } from '../http/problem.ts';
import { route } from '../http/route.ts';
import * as v from 'valibot';

const MailboxQuerySchema = v.object({ email: EmailSchema });
const MailboxSchema = v.object({
  messages: v.array(
    v.object({
      to: v.string(),
      subject: v.string(),
      text: v.string(),
      code: v.optional(v.string()),
      headers: v.optional(v.record(v.string(), v.string())),
    }),
  ),
});

export function devRoutes(services: Services): Hono<ApiEnv> {
  const router = new Hono<ApiEnv>();
  router.get(
    apiRoutes.devMailbox,
    route({
      tag: 'development',
      summary: 'Mail sent to an address, oldest first (only without SMTP_URL and outside production).',
      auth: 'none',
      query: MailboxQuerySchema,
      responses: { 200: { description: 'The messages.', schema: MailboxSchema } },
      errors: [403],
    }),
    async (c) => {
      if (!isLocalRequest(c)) {
        throw new ApiError(403, 'The dev mailbox only answers requests made on the server itself.');
      }
      if (!c.req.query('email')?.trim()) throw new ApiError(400, 'Add ?email=<address> to read a mailbox.');
      const { email } = c.req.valid('query');
      const mail = await queuedMailTo(services.db, email);
      const messages = mail.map((m) => ({
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(m.code ? { code: m.code } : {}),
        ...(m.headers ? { headers: m.headers } : {}),
      }));
      return c.json({ messages }, 200, { 'Cache-Control': 'no-store' });
    },
  );
  return router;
}

/** Headers a proxy adds; any of them means the request did not start on this machine. */
const PROXY_HEADER =
  /^(forwarded|via|x-forwarded-.*|x-real-ip|x-client-ip|x-cluster-client-ip|true-client-ip|cf-connecting-ip|fastly-client-ip|x-original-forwarded-for)$/;

/** localhost, *.localhost, 127.0.0.0/8 and [::1], with or without a port. */
function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(name) ||
    name === '[::1]' ||
    name === '[::ffff:127.0.0.1]'
  );
}

/**
 * Unproxied, and: in-process requests (tests) have no socket; real ones must
 * come from loopback and name a loopback Host.
 */
function isLocalRequest(c: ApiContext): boolean {
  for (const name of Object.keys(c.req.header())) if (PROXY_HEADER.test(name.toLowerCase())) return false;
  const peer = c.env?.incoming?.socket?.remoteAddress;
  if (peer === undefined) return true;
  if (!isLoopbackHost(c.req.header('host') ?? new URL(c.req.url).host)) return false;
  return /^(127\.|::1$|::ffff:127\.)/.test(peer);
}
