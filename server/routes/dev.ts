/**
 * The dev mailbox (CONTRACTS §4): with no SMTP server and outside production,
 * `GET /api/dev/mailbox?email=…` lists the mail sent to that address, oldest
 * first, with the verification code when the mail carries one.
 *
 * Never the support inbox: issue reports carry other people's messages and
 * reply addresses, and this endpoint needs no sign-in.
 */
import { Hono } from 'hono';
import { EmailSchema } from '../../src/shared/contract/formats.ts';
import type { ApiEnv, Services } from '../context.ts';
import { ApiError } from '../http/problem.ts';
import { validate } from '../http/validation.ts';
import * as v from 'valibot';

const MailboxQuerySchema = v.object({ email: EmailSchema });

export function devRoutes(services: Services): Hono<ApiEnv> {
  const router = new Hono<ApiEnv>();
  const supportInbox = services.config.supportEmail.trim().toLowerCase();
  router.get('/mailbox', async (c) => {
    if (!c.req.query('email')?.trim()) throw new ApiError(400, 'Add ?email=<address> to read a mailbox.');
    const { email } = validate(MailboxQuerySchema, { email: c.req.query('email') });
    if (email === supportInbox) {
      throw new ApiError(403, 'The support inbox is private and is not shown in the dev mailbox.');
    }
    const result = await services.db.query<{ to: string; subject: string; text: string; code: string | null }>(
      `SELECT recipient AS "to", subject, body AS "text", code FROM dev_mail
        WHERE lower(recipient) = lower($1) ORDER BY id`,
      [email],
    );
    const messages = result.rows.map((m) => (m.code ? m : { to: m.to, subject: m.subject, text: m.text }));
    return c.json({ messages }, 200, { 'Cache-Control': 'no-store' });
  });
  return router;
}
