/**
 * Report an issue (product §7): `POST /api/auth/report-issue/` with
 * `{email?, message}`. The report is stored and mailed to SUPPORT_EMAIL in one
 * transaction: if the mail cannot be handed over, nothing is kept and the
 * client retries; with Idempotency-Key a retry after a lost response replays
 * the first answer, so each accepted report is mailed exactly once.
 */
import { Hono } from 'hono';
import { brand } from '../../src/brand.ts';
import { ReportIssueRequestSchema } from '../../src/shared/contract/issue.ts';
import type { ApiEnv, Services } from '../context.ts';
import { deleteIssueReport, insertIssueReport } from '../db/queries/issue-reports.ts';
import { ApiError } from '../http/problem.ts';
import { readJsonAs } from '../http/validation.ts';
import { enforce } from '../services/rate-limit.ts';

export function issueRoutes(services: Services): Hono<ApiEnv> {
  const { db, clock, limits, mailer, config } = services;
  const router = new Hono<ApiEnv>();
  router.post('/report-issue/', async (c) => {
    const body = await readJsonAs(c, ReportIssueRequestSchema);
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
    const id = await insertIssueReport(db, {
      userId: user?.userId ?? null,
      email: body.email,
      message: body.message,
      createdAt: new Date(clock.now()),
    });
    try {
      await mailer.send({
        to: config.supportEmail,
        subject: `[${brand.name}] Issue report #${id}`,
        text: `Issue report #${id}\nFrom: ${body.email ?? 'no email given'}${user ? ` (user ${user.userId})` : ''}\n\n${body.message}\n`,
      });
    } catch (error) {
      // Not accepted after all: forget the report so the client's retry is the one that counts.
      await deleteIssueReport(db, id);
      console.error('Could not send the issue report mail', error);
      throw new ApiError(503, 'We could not send your report just now. Please try again.');
    }
    return c.json({ id, detail: 'Thank you. Your report has been sent.' }, 201);
  });
  return router;
}
