/**
 * The dev mailbox (CONTRACTS §4): with no SMTP server and outside production,
 * `GET /api/dev/mailbox?email=…` lists the mail sent to that address, oldest
 * first, with the verification code when the mail carries one.
 */
import { Hono } from 'hono';
import type { ApiEnv, Services } from '../context.ts';
import { ApiError } from '../http/problem.ts';

export function devRoutes(services: Services): Hono<ApiEnv> {
  const router = new Hono<ApiEnv>();
  router.get('/mailbox', async (c) => {
    const email = c.req.query('email')?.trim();
    if (!email) throw new ApiError(400, 'Add ?email=<address> to read a mailbox.');
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
