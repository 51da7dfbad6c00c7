/**
 * Sign-in endpoints (product §7, contract §3): login, refresh, logout,
 * register, verify-email and resend_verification. JSON in, JSON out.
 * Password reset, password change and email change live in account.ts.
 */
import { Hono } from 'hono';
import { apiRoutes } from '../../src/shared/contract/api-routes.ts';
import {
  DetailResponseSchema,
  LoginRequestSchema,
  LogoutRequestSchema,
  RefreshRequestSchema,
  RegisterRequestSchema,
  RegisterResponseSchema,
  ResendVerificationRequestSchema,
  VerifyEmailRequestSchema,
} from '../../src/shared/contract/auth.ts';
import { RefreshResponseSchema, TokenPairSchema } from '../../src/shared/contract/user.ts';
import type { ApiEnv, Services } from '../context.ts';
import { markVerified } from '../db/queries/registrations.ts';
import { takeFreePublicName } from '../services/public-names.ts';
import { requireAdult } from '../http/adult-only.ts';
import { ApiError } from '../http/problem.ts';
import { route } from '../http/route.ts';
import { sendVerificationCode } from '../services/account-mail.ts';
import { isKnownLoginAddress, rememberLoginAddress } from '../services/known-logins.ts';
import { hashPassword, verifyPassword } from '../services/passwords.ts';
import { admitLoginAttempt, enforce, forgiveLoginAttempt, hit } from '../services/rate-limit.ts';
import { revokeByToken, rotateRefreshToken } from '../services/refresh-tokens.ts';
import { openSession } from '../services/sessions.ts';
import { findUserByEmail, storeRegistration } from '../services/users.ts';
import {
  checkCode,
  CODE_TTL_MS,
  MAX_WRONG_ATTEMPTS,
  RESEND_COOLDOWN_MS,
  storeNewCode,
} from '../services/verification-codes.ts';

const INVALID_LOGIN = 'Invalid email or password.';
const INVALID_CODE = 'Invalid code or email.';
const TOO_MANY_CODES = 'Too many wrong codes. Please ask for a new one.';
const RESENT = 'Verification code resent. Please check your inbox.';

export function authRoutes(services: Services): Hono<ApiEnv> {
  const { db, clock, limits, config, tokens, mail } = services;
  const router = new Hono<ApiEnv>();

  router.post(
    apiRoutes.login,
    route({
      tag: 'auth',
      summary: 'Sign in with email and password.',
      auth: 'none',
      anonymous: true,
      idempotent: false,
      chaosExempt: true,
      json: LoginRequestSchema,
      responses: { 200: { description: 'Tokens.', schema: TokenPairSchema } },
      errors: [401, 403, 429],
    }),
    async (c) => {
      const body = c.req.valid('json');
      const now = clock.now();
      const ip = c.get('ip');
      await enforce(db, [{ bucket: `login:ip:${ip}`, limit: limits.loginPerIp }], now);
      const user = await findUserByEmail(db, body.email, now);
      const known = user ? await isKnownLoginAddress(db, user.id, ip, now) : false;
      // Counted before the slow hash: 60 parallel guesses get at most the limit checked.
      await admitLoginAttempt(db, limits, body.email, ip, known, now);

      if (!(await verifyPassword(user?.password_hash ?? null, body.password)) || !user) {
        throw new ApiError(401, INVALID_LOGIN);
      }
      await forgiveLoginAttempt(db, body.email, ip);
      if (!user.verified) {
        throw new ApiError(403, 'Please verify your email before logging in. Enter the 4-digit code we sent you.');
      }
      await rememberLoginAddress(db, user.id, ip, now);
      return c.json(await openSession(services, user.id, user.user_type));
    },
  );

  router.post(
    apiRoutes.refresh,
    route({
      tag: 'auth',
      summary: 'A new access token for a refresh token; may rotate the refresh token.',
      auth: 'none',
      anonymous: true,
      idempotent: false,
      chaosExempt: true,
      endsSessions: 'when-refused',
      json: RefreshRequestSchema,
      responses: { 200: { description: 'A new access token.', schema: RefreshResponseSchema } },
      errors: [401],
    }),
    async (c) => {
      const body = c.req.valid('json');
      const now = clock.now();
      const result = await db.transaction((tx) => rotateRefreshToken(tx, body.refresh, now, config.refreshTokenTtl));
      if (!result.ok) throw new ApiError(401, 'Your session has expired. Please log in again.');
      const access = await tokens.sign(
        { userId: result.userId, userType: result.userType, sessionId: result.family },
        now,
      );
      return c.json({ access, refresh: result.refresh });
    },
  );

  router.post(
    apiRoutes.logout,
    route({
      tag: 'auth',
      summary: 'Revoke the refresh token family of this session.',
      auth: 'none',
      idempotent: false,
      endsSessions: 'always',
      json: LogoutRequestSchema,
      responses: { 200: { description: 'Logged out.', schema: DetailResponseSchema } },
    }),
    async (c) => {
      const body = c.req.valid('json');
      await revokeByToken(db, body.refresh, clock.now());
      return c.json({ detail: 'Logged out.' });
    },
  );

  router.post(
    apiRoutes.register,
    route({
      tag: 'auth',
      summary: 'Create an unverified account and mail a 4-digit code.',
      auth: 'none',
      anonymous: true,
      idempotent: true,
      chaosExempt: true,
      json: RegisterRequestSchema,
      responses: { 201: { description: 'Registered; verify the email next.', schema: RegisterResponseSchema } },
      limits: [
        { bucket: 'register:ip', per: 'ip', limit: 'registerPerIp' },
        { bucket: 'register:acct', per: 'json.email', limit: 'registerPerAccount' },
      ],
      errors: [409],
    }),
    async (c) => {
      const body = c.req.valid('json');
      const now = clock.now();
      requireAdult(body.date_of_birth, now);
      const passwordHash = await hashPassword(body.password);
      // A pending (unverified) registration of this email is replaced, password and code included:
      // whoever proves the inbox sets the password, not whoever registered first.
      const created = await db.transaction(async (tx) => {
        const id = await storeRegistration(
          tx,
          {
            email: body.email,
            passwordHash,
            full_name: body.full_name,
            display_name: body.display_name,
            date_of_birth: body.date_of_birth,
            gender: body.gender ?? '',
            is_promoter: body.is_promoter,
            user_type: body.user_type,
          },
          now,
        );
        if (id === null) return null;
        await sendVerificationCode(mail.via(tx), body.email, await storeNewCode(tx, config.jwtSecret, id, now));
        return id;
      });
      if (created === null) {
        throw new ApiError(409, 'An account with this email already exists. Log in instead.', {
          email: ['An account with this email already exists.'],
        });
      }
      return c.json({ detail: `We sent a 4-digit code to ${body.email}.`, email: body.email }, 201);
    },
  );

  // Answers the same whether the email has no account, a verified one or a pending one:
  // wrong tries against an email with nothing to verify are counted like a real code's.
  router.post(
    apiRoutes.verifyEmail,
    route({
      tag: 'auth',
      summary: 'Verify the emailed code; signs the account in.',
      auth: 'none',
      anonymous: true,
      idempotent: false,
      chaosExempt: true,
      json: VerifyEmailRequestSchema,
      responses: { 200: { description: 'Verified and signed in.', schema: TokenPairSchema } },
      limits: [
        { bucket: 'verify:ip', per: 'ip', limit: 'verifyPerIp' },
        { bucket: 'verify:acct', per: 'json.email', limit: 'verifyPerAccount' },
        { bucket: 'code-day:verify', per: 'json.email', limit: 'codeTriesPerAccountPerDay' },
      ],
    }),
    async (c) => {
      const body = c.req.valid('json');
      const now = clock.now();
      const user = await findUserByEmail(db, body.email, now);
      if (!user || user.verified) {
        const over = await hit(
          db,
          `verify:nothing:${body.email}`,
          { max: MAX_WRONG_ATTEMPTS, windowSeconds: CODE_TTL_MS / 1000 },
          now,
        );
        throw new ApiError(400, over > 0 ? TOO_MANY_CODES : INVALID_CODE);
      }
      const result = await db.transaction(async (tx) => {
        const outcome = await checkCode(tx, config.jwtSecret, user.id, body.code, now);
        if (outcome === 'ok') {
          await markVerified(tx, user.id, new Date(now));
          // The display name becomes the account's page address if nobody holds it.
          await takeFreePublicName(tx, user.id, now);
        }
        return outcome;
      });
      if (result === 'expired') throw new ApiError(400, 'This code has expired. Please ask for a new one.');
      if (result === 'too-many') throw new ApiError(400, TOO_MANY_CODES);
      if (result !== 'ok') throw new ApiError(400, INVALID_CODE);
      await rememberLoginAddress(db, user.id, c.get('ip'), now);
      return c.json(await openSession(services, user.id, user.user_type));
    },
  );

  // The same answer (and the same cooldown) whether or not a pending account exists;
  // only a pending one gets a mail.
  router.post(
    apiRoutes.resendVerification,
    route({
      tag: 'auth',
      summary: 'Mail a new verification code.',
      auth: 'none',
      anonymous: true,
      idempotent: true,
      json: ResendVerificationRequestSchema,
      responses: {
        200: { description: 'Sent when the account exists and is unverified.', schema: DetailResponseSchema },
      },
      limits: [
        { bucket: 'resend:ip', per: 'ip', limit: 'resendPerIp' },
        { bucket: 'resend:acct', per: 'json.email', limit: 'resendPerAccount' },
      ],
    }),
    async (c) => {
      const body = c.req.valid('json');
      const now = clock.now();
      const wait = await hit(
        db,
        `resend:cooldown:${body.email}`,
        { max: 1, windowSeconds: RESEND_COOLDOWN_MS / 1000 },
        now,
      );
      if (wait > 0) {
        throw new ApiError(429, `Please wait ${wait} seconds before asking for another code.`, undefined, {
          'Retry-After': String(wait),
        });
      }
      const user = await findUserByEmail(db, body.email, now);
      if (user && !user.verified) {
        await db.transaction(async (tx) =>
          sendVerificationCode(mail.via(tx), user.email, await storeNewCode(tx, config.jwtSecret, user.id, now)),
        );
      }
      return c.json({ detail: RESENT });
    },
  );

  return router;
}
