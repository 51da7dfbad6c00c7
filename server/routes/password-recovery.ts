/**
 * Account recovery (contract §3 "Account recovery"; the rules in
 * services/password-resets.ts):
 * - `POST /password/forgot/` {email} → 200, the same sentence whether or not the
 *   account exists; a verified account gets a mail with a 4-digit code and a link.
 *   The answer sets the `reset_requester` cookie the code is bound to.
 * - `POST /password/reset/` {email, code, password} → 200 {access, refresh}, every
 *   other session of the account revoked; a wrong or expired code → 400.
 * - `POST /password/reset-link/` {token, password} → the same, with the mailed link.
 */
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { API_PREFIX, apiRoutes } from '../../src/shared/contract/api-routes.ts';
import {
  DetailResponseSchema,
  ForgotPasswordRequestSchema,
  ResetPasswordByLinkRequestSchema,
  ResetPasswordRequestSchema,
} from '../../src/shared/contract/auth.ts';
import { TokenPairSchema } from '../../src/shared/contract/user.ts';
import type { ApiEnv, Services } from '../context.ts';
import { deleteBucket } from '../db/queries/rate-limits.ts';
import { findUserById, setPasswordHash } from '../db/queries/users.ts';
import { ApiError } from '../http/problem.ts';
import { route } from '../http/route.ts';
import { sendPasswordResetCode } from '../services/account-mail.ts';
import { isKnownLoginAddress, rememberLoginAddress } from '../services/known-logins.ts';
import { hashPassword } from '../services/passwords.ts';
import {
  accountOfResetLink,
  checkResetCode,
  createPasswordReset,
  deletePasswordResets,
  newRequesterCookie,
  requesterProof,
  RESET_CODE_TTL_MS,
  RESET_LINK_TTL_MS,
  RESET_WRONG_CODES_PER_ACCOUNT_PER_DAY,
  RESET_WRONG_TRIES_PER_MAIL,
  type CodeCheck,
  type Requester,
} from '../services/password-resets.ts';
import { enforceUncounted, hit, loginBuckets, overLimit, type Limit } from '../services/rate-limit.ts';
import { revokeUserSessions } from '../services/refresh-tokens.ts';
import { openSession } from '../services/sessions.ts';
import { findUserByEmail } from '../services/users.ts';
import { RESEND_COOLDOWN_MS } from '../services/verification-codes.ts';

export const FORGOT_PASSWORD_SENT =
  'If an account uses this email, we sent it a 4-digit code. Check your inbox (and spam).';
const INVALID_CODE = 'Invalid code or email.';
const TOO_MANY_CODES = 'Too many wrong codes. Please ask for a new one.';
const EXPIRED_CODE = 'This code has expired. Please ask for a new one.';
const CODES_OFF =
  'Too many wrong codes were tried for this account today. Open the link in the newest reset email instead.';
const LINK_SPENT = 'This reset link has expired or was already used. Please ask for a new code.';

const REQUESTER_COOKIE = 'reset_requester';
const cooldown: Limit = { max: 1, windowSeconds: RESEND_COOLDOWN_MS / 1000 };
/** Tries from a requester that holds no code: answered as a real code's would be, so the answers match. */
const nothingToCheck: Limit = { max: RESET_WRONG_TRIES_PER_MAIL, windowSeconds: RESET_CODE_TTL_MS / 1000 };
const wrongCodesPerDay: Limit = { max: RESET_WRONG_CODES_PER_ACCOUNT_PER_DAY, windowSeconds: 24 * 60 * 60 };

function codeError(result: Exclude<CodeCheck, 'ok'>): ApiError {
  const detail =
    result === 'expired'
      ? EXPIRED_CODE
      : result === 'too-many'
        ? TOO_MANY_CODES
        : result === 'codes-off'
          ? CODES_OFF
          : INVALID_CODE;
  return new ApiError(400, detail, { code: [detail] });
}

function requesterOf(c: Context<ApiEnv>): Requester {
  const cookie = getCookie(c, REQUESTER_COOKIE);
  return { cookie: cookie && /^[A-Za-z0-9_-]{24}$/.test(cookie) ? cookie : null, address: c.get('ip') };
}

export function passwordRecoveryRoutes(services: Services): Hono<ApiEnv> {
  const { db, clock, limits, config, mail } = services;
  const router = new Hono<ApiEnv>();
  const secure = config.publicUrl.startsWith('https:');

  /** The new password takes over: every session and every pending reset ends; this address is trusted. */
  async function finishReset(userId: number, ip: string, password: string, nowMs: number) {
    const user = await findUserById(db, userId);
    if (!user) throw new ApiError(400, LINK_SPENT, { token: [LINK_SPENT] });
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await setPasswordHash(tx, user.id, passwordHash);
      await deletePasswordResets(tx, user.id);
      await revokeUserSessions(tx, user.id, nowMs);
    });
    // The owner proved the inbox from here: lift this address's login lock-out and trust it.
    await deleteBucket(db, loginBuckets(user.email, ip).accountIp);
    await rememberLoginAddress(db, user.id, ip, nowMs);
    return openSession(services, user.id, user.user_type);
  }

  router.post(
    apiRoutes.forgotPassword,
    route({
      tag: 'account',
      summary: 'Mail a 4-digit reset code and a reset link; the same answer whether or not the account exists.',
      auth: 'none',
      anonymous: true,
      idempotent: true,
      json: ForgotPasswordRequestSchema,
      responses: { 200: { description: 'Accepted.', schema: DetailResponseSchema } },
      errors: [429],
    }),
    async (c) => {
      const body = c.req.valid('json');
      const now = clock.now();
      const ip = c.get('ip');
      await enforceUncounted(db, [{ bucket: `forgot:ip:${ip}`, limit: limits.resendPerIp }], now);
      const requester = requesterOf(c);
      // Keyed before a new cookie is made: a client that drops cookies still waits between its requests.
      const cooldownKey = `forgot:cooldown:${body.email}:${requesterProof(config.jwtSecret, requester).hash}`;
      if (!requester.cookie) requester.cookie = newRequesterCookie();
      setCookie(c, REQUESTER_COOKIE, requester.cookie, {
        httpOnly: true,
        sameSite: 'Strict',
        secure,
        path: `${API_PREFIX}/auth/password/`,
        maxAge: RESET_LINK_TTL_MS / 1000,
      });
      // Only the asker waits between requests: nobody else's requests can make the owner's answer a 429.
      const wait = await hit(db, cooldownKey, cooldown, now);
      if (wait > 0) {
        throw new ApiError(429, `Please wait ${wait} seconds before asking for another code.`, undefined, {
          'Retry-After': String(wait),
        });
      }
      // The same reads for every email, so an existing account costs no more time than an unknown one.
      const user = await findUserByEmail(db, body.email, now);
      const known = await isKnownLoginAddress(db, user?.id ?? 0, ip, now);
      // The mail is queued, not sent: the answer never waits for SMTP (nor fails with it).
      if (user?.verified) {
        await db.transaction(async (tx) => {
          const reset = await createPasswordReset(tx, config.jwtSecret, user.id, requester, known, now);
          if (!reset) return;
          await sendPasswordResetCode(mail.via(tx), user.email, {
            code: reset.code,
            link: `${config.publicUrl}/reset-password?token=${reset.token}`,
            linkHours: RESET_LINK_TTL_MS / 3_600_000,
          });
        });
      }
      return c.json({ detail: FORGOT_PASSWORD_SENT });
    },
  );

  router.post(
    apiRoutes.resetPassword,
    route({
      tag: 'account',
      summary: 'Set a new password with the mailed code; every other session of the account ends.',
      auth: 'none',
      anonymous: true,
      idempotent: false,
      endsSessions: 'always',
      json: ResetPasswordRequestSchema,
      responses: { 200: { description: 'Signed in with the new password.', schema: TokenPairSchema } },
      errors: [429],
    }),
    async (c) => {
      const body = c.req.valid('json');
      const now = clock.now();
      const ip = c.get('ip');
      await enforceUncounted(db, [{ bucket: `reset:ip:${ip}`, limit: limits.verifyPerIp }], now);
      const requester = requesterOf(c);
      const proof = requesterProof(config.jwtSecret, requester);
      const holdsNothing = async (): Promise<never> => {
        const over = await hit(db, `reset:nothing:${body.email}:${proof.hash}`, nothingToCheck, now);
        throw codeError(over > 0 ? 'too-many' : 'wrong');
      };
      const user = await findUserByEmail(db, body.email, now);
      if (!user?.verified) return holdsNothing();
      const dayBucket = `reset:wrong-day:${user.id}`;
      const codesOff = (await overLimit(db, dayBucket, wrongCodesPerDay, now)) > 0;
      const result = await db.transaction(async (tx) => {
        const checked = await checkResetCode(tx, config.jwtSecret, user.id, requester, body.code, codesOff, now);
        // Spent at once, before the slow hash: the same code cannot reset twice.
        if (checked === 'ok') await deletePasswordResets(tx, user.id);
        return checked;
      });
      if (result === 'none') return holdsNothing();
      if (result === 'wrong') await hit(db, dayBucket, wrongCodesPerDay, now);
      if (result !== 'ok') throw codeError(result);
      return c.json(await finishReset(user.id, ip, body.password, now));
    },
  );

  router.post(
    apiRoutes.resetPasswordByLink,
    route({
      tag: 'account',
      summary: 'Set a new password with the mailed link; every other session of the account ends.',
      auth: 'none',
      anonymous: true,
      idempotent: false,
      endsSessions: 'always',
      json: ResetPasswordByLinkRequestSchema,
      responses: { 200: { description: 'Signed in with the new password.', schema: TokenPairSchema } },
      errors: [429],
    }),
    async (c) => {
      const body = c.req.valid('json');
      const now = clock.now();
      const ip = c.get('ip');
      await enforceUncounted(db, [{ bucket: `reset:ip:${ip}`, limit: limits.verifyPerIp }], now);
      const userId = await db.transaction(async (tx) => {
        const owner = await accountOfResetLink(tx, body.token, now);
        if (owner !== null) await deletePasswordResets(tx, owner);
        return owner;
      });
      if (userId === null) throw new ApiError(400, LINK_SPENT, { token: [LINK_SPENT] });
      return c.json(await finishReset(userId, ip, body.password, now));
    },
  );

  return router;
}
