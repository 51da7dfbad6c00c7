/**
 * Report an issue (product §7): `POST /api/auth/report-issue/` with
 * `{email?, message}`. The report and its mail to SUPPORT_EMAIL are stored in
 * one transaction (the mail queue, services/mail-queue.ts, sends it, retrying
 * while SMTP is down); with Idempotency-Key a retry after a lost response
 * replays the first answer, so each accepted report is mailed exactly once.
 */
import { Hono } from 'hono';
import { brand } from '../../src/brand.ts';
import { apiRoutes } from '../../src/shared/contract/api-routes.ts';
import { ReportIssueRequestSchema, ReportIssueResponseSchema } from '../../src/shared/contract/issue.ts';
import type { ApiEnv, Services } from '../context.ts';
import { insertIssueReport } from '../db/queries/issue-reports.ts';
import { atomically } from '../db/request-transaction.ts';
import { route } from '../http/route.ts';
import { enforce } from '../services/rate-limit.ts';

export function issueRoutes(services: Services): Hono<ApiEnv> {
  const { db, clock, limits, mail, config } = services;
  const router = new Hono<ApiEnv>();
  router.post(
    apiRoutes.reportIssue,
    route({
      tag: 'support',
      summary: 'Report an issue; mails the support inbox once.',
      auth: 'optional',
      anonymous: true,
      idempotent: true,
      json: ReportIssueRequestSchema,
      responses: { 201: { description: 'Accepted.', schema: ReportIssueResponseSchema } },
      errors: [429],
    }),
    async (c) => {
      const body = c.req.valid('json');
      const user = c.get('user');
      const account = user ? `user:${user.userId}` : body.email ? `email:${body.email}` : null;
      await enforce(
        db,
        [
          { bucket: `report:ip:${c.get('ip')}`, limit: limits.reportPerIp },
          ...(account ? [{ bucket: `report:acct:${account}`, limit: limits.reportPerAccount }] : []),
        ],
        clock.now(),
      );
      const id = await atomically(db, async (tx) => {
        const id = await insertIssueReport(tx, {
          userId: user?.userId ?? null,
          email: body.email,
          message: body.message,
          createdAt: new Date(clock.now()),
        });
        await mail.via(tx).send({
          to: config.supportEmail,
          subject: `[${brand.name}] Issue report #${id}`,
          text: `Issue report #${id}\nFrom: ${body.email ?? 'no email given'}${user ? ` (user ${user.userId})` : ''}\n\n${body.message}\n`,
        });
        return id;
      });
      return c.json({ id, detail: 'Thank you. Your report has been sent.' }, 201);
    },
  );
  return router;
}
