/**
 * Account changes (contract §3; recovery is in password-recovery.ts):
 * - signed in, `POST /password/change/` {current_password, new_password} → 200,
 *   every other session revoked;
 * - signed in, `POST /email/change/` {new_email, current_password} mails a code
 *   to the new address, and `POST /email/confirm/` {code} makes it the
 *   account's email (the old address is told).
 * Codes follow the verification-code rules (services/verification-codes.ts).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { apiRoutes } from '../../src/shared/contract/api-routes.ts';
import {
  ChangeEmailRequestSchema,
  ChangePasswordRequestSchema,
  ConfirmEmailChangeRequestSchema,
  DetailResponseSchema,
} from '../../src/shared/contract/auth.ts';
import type { ApiEnv, Services } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { pendingEmailChangeTarget } from '../db/queries/account-codes.ts';
import { deletePasswordResets } from '../db/queries/password-resets.ts';
import {
  deleteUser,
  findUserById,
  lockOtherHolderOfEmail,
  lockUserEmail,
  setEmail,
  setPasswordHash,
} from '../db/queries/users.ts';
import { ApiError } from '../http/problem.ts';
import { callerOf } from '../http/auth.ts';
import { route } from '../http/route.ts';
import { sendEmailChangeCode, sendEmailChangedNotice } from '../services/account-mail.ts';
import { isKnownLoginAddress } from '../services/known-logins.ts';
import { hashPassword, verifyPassword } from '../services/passwords.ts';
import { enforce, hit, loginBuckets, tooManyRequests, unhit, type Limit } from '../services/rate-limit.ts';
import { revokeUserSessions } from '../services/refresh-tokens.ts';
import { findUserByEmail } from '../services/users.ts';
import { checkAccountCode, RESEND_COOLDOWN_MS, storeAccountCode } from '../services/verification-codes.ts';

const INVALID_CODE = 'Invalid code or email.';
const TOO_MANY_CODES = 'Too many wrong codes. Please ask for a new one.';
const EXPIRED_CODE = 'This code has expired. Please ask for a new one.';
const WRONG_CURRENT_PASSWORD = 'Your current password is not right.';
const EMAIL_TAKEN = 'An account with this email already exists.';

const EmailChangedSchema = v.object({ detail: v.string(), email: v.string() });

const cooldown: Limit = { max: 1, windowSeconds: RESEND_COOLDOWN_MS / 1000 };

function codeError(result: 'wrong' | 'expired' | 'too-many' | 'none'): ApiError {
  if (result === 'expired') return new ApiError(400, EXPIRED_CODE, { code: [EXPIRED_CODE] });
  if (result === 'too-many') return new ApiError(400, TOO_MANY_CODES, { code: [TOO_MANY_CODES] });
  return new ApiError(400, INVALID_CODE, { code: [INVALID_CODE] });
}

async function waitBetweenCodes(db: Queryable, bucket: string, nowMs: number): Promise<void> {
  const wait = await hit(db, bucket, cooldown, nowMs);
  if (wait > 0) {
    throw new ApiError(429, `Please wait ${wait} seconds before asking for another code.`, undefined, {
      'Retry-After': String(wait),
    });
  }
}

export function accountRoutes(services: Services): Hono<ApiEnv> {
  const { db, clock, limits, config, mail } = services;
  const router = new Hono<ApiEnv>();

  /**
   * The signed-in caller's current password, counted like a login before the
   * hash: per account + IP, and per account from anywhere unless the address
   * is one the account signed in from (a stolen access token used from
   * rotating addresses cannot guess the password without bound).
   */
  async function checkCurrentPassword(userId: number, ip: string, password: string, nowMs: number) {
    const buckets = loginBuckets(`user:${userId}`, ip);
    const accountIpWait = await hit(db, buckets.accountIp, limits.loginFailuresPerAccountIp, nowMs);
    if (accountIpWait > 0) throw tooManyRequests(accountIpWait);
    const accountWait = await hit(db, buckets.account, limits.loginFailuresPerAccount, nowMs);
    if (accountWait > 0 && !(await isKnownLoginAddress(db, userId, ip, nowMs))) throw tooManyRequests(accountWait);
    const user = await findUserById(db, userId);
    if (!user) throw new ApiError(401, 'Your account no longer exists. Please log in again.');
    if (!(await verifyPassword(user.password_hash, password))) {
      throw new ApiError(400, WRONG_CURRENT_PASSWORD, { current_password: [WRONG_CURRENT_PASSWORD] });
    }
    await unhit(db, buckets.accountIp);
    await unhit(db, buckets.account);
    return user;
  }

  router.post(
    apiRoutes.changePassword,
    route({
      tag: 'account',
      summary: "Change the caller's password; the other sessions end.",
      auth: 'bearer',
      idempotent: false,
      endsSessions: 'always',
      json: ChangePasswordRequestSchema,
      responses: { 200: { description: 'Changed.', schema: DetailResponseSchema } },
      errors: [429],
    }),
    async (c) => {
      const caller = callerOf(c);
      const body = c.req.valid('json');
      const now = clock.now();
      await checkCurrentPassword(caller.userId, c.get('ip'), body.current_password, now);
      const passwordHash = await hashPassword(body.new_password);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, caller.userId, passwordHash);
        await deletePasswordResets(tx, caller.userId);
        await revokeUserSessions(tx, caller.userId, now, caller.sessionId);
      });
      return c.json({ detail: 'Your password has been changed. Other devices have been signed out.' });
    },
  );

  router.post(
    apiRoutes.changeEmail,
    route({
      tag: 'account',
      summary: 'Start an email change: a 4-digit code goes to the new address.',
      auth: 'bearer',
      idempotent: true,
      json: ChangeEmailRequestSchema,
      responses: { 200: { description: 'Code sent.', schema: DetailResponseSchema } },
      limits: [
        { bucket: 'email-change:ip', per: 'ip', limit: 'resendPerIp' },
        { bucket: 'email-change:acct', per: 'user', limit: 'resendPerAccount' },
      ],
      errors: [409],
    }),
    async (c) => {
      const caller = callerOf(c);
      const body = c.req.valid('json');
      const now = clock.now();
      const user = await checkCurrentPassword(caller.userId, c.get('ip'), body.current_password, now);
      if (user.email.toLowerCase() === body.new_email) {
        throw new ApiError(400, 'That is already your email address.', { new_email: ['That is already your email.'] });
      }
      const taken = await findUserByEmail(db, body.new_email, now);
      if (taken?.verified) throw new ApiError(409, EMAIL_TAKEN, { new_email: [EMAIL_TAKEN] });
      await waitBetweenCodes(db, `email-change:cooldown:${caller.userId}`, now);
      // Counted only for a code that will be mailed: wrong passwords cannot use up the address's allowance.
      await enforce(db, [{ bucket: `email-change:target:${body.new_email}`, limit: limits.resendPerAccount }], now);
      await db.transaction(async (tx) =>
        sendEmailChangeCode(
          mail.via(tx),
          body.new_email,
          await storeAccountCode(tx, config.jwtSecret, caller.userId, 'email-change', now, body.new_email),
        ),
      );
      return c.json({ detail: `We sent a 4-digit code to ${body.new_email}. Enter it to confirm the change.` });
    },
  );

  router.post(
    apiRoutes.confirmEmail,
    route({
      tag: 'account',
      summary: 'Finish an email change with the code sent to the new address.',
      auth: 'bearer',
      idempotent: true,
      endsSessions: 'always',
      json: ConfirmEmailChangeRequestSchema,
      responses: { 200: { description: 'The new address.', schema: EmailChangedSchema } },
      limits: [
        { bucket: 'email-confirm:ip', per: 'ip', limit: 'verifyPerIp' },
        { bucket: 'email-confirm:acct', per: 'user', limit: 'verifyPerAccount' },
        { bucket: 'code-day:email', per: 'user', limit: 'codeTriesPerAccountPerDay' },
      ],
      errors: [409],
    }),
    async (c) => {
      const caller = callerOf(c);
      const body = c.req.valid('json');
      const now = clock.now();
      // Tries at codes for one address are counted across every account that asked for it.
      const target = await pendingEmailChangeTarget(db, caller.userId);
      if (target) {
        await enforce(
          db,
          [
            { bucket: `email-confirm:target:${target}`, limit: limits.verifyPerAccount },
            { bucket: `code-day:email-target:${target}`, limit: limits.codeTriesPerAccountPerDay },
          ],
          now,
        );
      }
      type Outcome =
        | { ok: false; result: 'wrong' | 'expired' | 'too-many' | 'none' }
        | { ok: true; oldEmail: string; newEmail: string };
      const changed = await db.transaction(async (tx): Promise<Outcome> => {
        const { result, newEmail } = await checkAccountCode(
          tx,
          config.jwtSecret,
          caller.userId,
          'email-change',
          body.code,
          now,
        );
        if (result !== 'ok') return { ok: false, result };
        if (!newEmail) return { ok: false, result: 'none' };
        const oldEmail = await lockUserEmail(tx, caller.userId);
        if (!oldEmail) throw new ApiError(401, 'Your account no longer exists. Please log in again.');
        // Proving the inbox beats a pending registration of it (as in register); a verified account keeps it.
        const other = await lockOtherHolderOfEmail(tx, newEmail, caller.userId);
        if (other && !other.pending) throw new ApiError(409, EMAIL_TAKEN, { code: [EMAIL_TAKEN] });
        if (other) await deleteUser(tx, other.id);
        await setEmail(tx, caller.userId, newEmail);
        await deletePasswordResets(tx, caller.userId);
        await sendEmailChangedNotice(mail.via(tx), oldEmail, newEmail);
        return { ok: true, oldEmail, newEmail };
      });
      if (!changed.ok) throw codeError(changed.result);
      return c.json({ detail: `Your email address is now ${changed.newEmail}.`, email: changed.newEmail });
    },
  );

  return router;
}
