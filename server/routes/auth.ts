/**
 * Sign-in endpoints (SPEC §7, CONTRACTS §3): login, refresh, logout,
 * register, verify-email and resend_verification. JSON in, JSON out.
 */
import { Hono } from 'hono';
import {
  LoginRequestSchema,
  LogoutRequestSchema,
  RefreshRequestSchema,
  RegisterRequestSchema,
  ResendVerificationRequestSchema,
  VerifyEmailRequestSchema,
  isAdultOn,
} from '../../src/shared/contract/auth.ts';
import type { ApiEnv, Services } from '../context.ts';
import { ApiError } from '../http/problem.ts';
import { readJsonAs } from '../http/validation.ts';
import { hashPassword, verifyPassword } from '../services/passwords.ts';
import { enforce, hit, overLimit, tooManyRequests } from '../services/rate-limit.ts';
import { issueRefreshToken, revokeByToken, rotateRefreshToken } from '../services/refresh-tokens.ts';
import { findUserByEmail } from '../services/users.ts';
import { checkCode, CODE_TTL_MS, resendWaitMs, storeNewCode } from '../services/verification-codes.ts';
import { brand } from '../../src/brand.ts';

const INVALID_LOGIN = 'Invalid email or password.';
const INVALID_CODE = 'Invalid code or email.';

export function authRoutes(services: Services): Hono<ApiEnv> {
  const { db, clock, limits, config, tokens, mailer } = services;
  const router = new Hono<ApiEnv>();

  async function tokenPair(userId: number, userType: string) {
    const now = clock.now();
    const [access, refresh] = await Promise.all([
      tokens.sign({ userId, userType }, now),
      issueRefreshToken(db, userId, now, config.refreshTokenTtl),
    ]);
    return { access, refresh };
  }

  async function sendCode(email: string, code: string) {
    const minutes = CODE_TTL_MS / 60_000;
    await mailer.send({
      to: email,
      subject: `Your ${brand.name} verification code: ${code}`,
      text:
        `Your ${brand.name} verification code is ${code}.\n\n` +
        `Enter it on the verification page within ${minutes} minutes. ` +
        `If you did not create an account, you can ignore this email.`,
      code,
    });
  }

  router.post('/login/', async (c) => {
    const body = await readJsonAs(c, LoginRequestSchema);
    const now = clock.now();
    const accountBucket = `login-fail:acct:${body.email}`;
    await enforce(db, [{ bucket: `login:ip:${c.get('ip')}`, limit: limits.loginPerIp }], now);
    const locked = await overLimit(db, accountBucket, limits.loginFailuresPerAccount, now);
    if (locked) throw tooManyRequests(locked);

    const user = await findUserByEmail(db, body.email);
    if (!(await verifyPassword(user?.password_hash ?? null, body.password)) || !user) {
      await hit(db, accountBucket, limits.loginFailuresPerAccount, now);
      throw new ApiError(401, INVALID_LOGIN);
    }
    if (!user.verified) {
      throw new ApiError(403, 'Please verify your email before logging in. Enter the 4-digit code we sent you.');
    }
    return c.json(await tokenPair(user.id, user.user_type));
  });

  router.post('/refresh/', async (c) => {
    const body = await readJsonAs(c, RefreshRequestSchema);
    const now = clock.now();
    const result = await db.transaction((tx) => rotateRefreshToken(tx, body.refresh, now, config.refreshTokenTtl));
    if (!result.ok) throw new ApiError(401, 'Your session has expired. Please log in again.');
    const access = await tokens.sign({ userId: result.userId, userType: result.userType }, now);
    return c.json({ access, refresh: result.refresh });
  });

  router.post('/logout/', async (c) => {
    const body = await readJsonAs(c, LogoutRequestSchema);
    await revokeByToken(db, body.refresh, clock.now());
    return c.json({ detail: 'Logged out.' });
  });

  router.post('/register/', async (c) => {
    const body = await readJsonAs(c, RegisterRequestSchema);
    const now = clock.now();
    await enforce(
      db,
      [
        { bucket: `register:ip:${c.get('ip')}`, limit: limits.registerPerIp },
        { bucket: `register:acct:${body.email}`, limit: limits.registerPerAccount },
      ],
      now,
    );
    if (body.date_of_birth && !isAdultOn(body.date_of_birth, new Date(now).toISOString().slice(0, 10))) {
      throw new ApiError(400, `You must be at least 18 to use ${brand.name}.`, {
        date_of_birth: [`You must be at least 18 to use ${brand.name}.`],
      });
    }
    const passwordHash = await hashPassword(body.password);
    const created = await db.transaction(async (tx) => {
      const inserted = await tx.query<{ id: number }>(
        `INSERT INTO users (email, password_hash, full_name, display_name, date_of_birth, gender, is_promoter, user_type)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT DO NOTHING RETURNING id::int AS id`,
        [
          body.email,
          passwordHash,
          body.full_name,
          body.display_name,
          body.date_of_birth,
          body.gender ?? '',
          body.is_promoter,
          body.user_type,
        ],
      );
      const id = inserted.rows[0]?.id;
      if (id === undefined) return null;
      return { id, code: await storeNewCode(tx, config.jwtSecret, id, now, 'first') };
    });
    if (!created) {
      throw new ApiError(409, 'An account with this email already exists. Log in instead.', {
        email: ['An account with this email already exists.'],
      });
    }
    await sendCode(body.email, created.code);
    return c.json({ detail: `We sent a 4-digit code to ${body.email}.`, email: body.email }, 201);
  });

  router.post('/verify-email/', async (c) => {
    const body = await readJsonAs(c, VerifyEmailRequestSchema);
    const now = clock.now();
    await enforce(
      db,
      [
        { bucket: `verify:ip:${c.get('ip')}`, limit: limits.verifyPerIp },
        { bucket: `verify:acct:${body.email}`, limit: limits.verifyPerAccount },
      ],
      now,
    );
    const user = await findUserByEmail(db, body.email);
    if (!user) throw new ApiError(400, INVALID_CODE);
    if (user.verified) throw new ApiError(400, 'This email is already verified. Please log in.');
    const result = await db.transaction(async (tx) => {
      const outcome = await checkCode(tx, config.jwtSecret, user.id, body.code, now);
      if (outcome === 'ok') await tx.query('UPDATE users SET verified_at = $2 WHERE id = $1', [user.id, new Date(now)]);
      return outcome;
    });
    if (result === 'expired') throw new ApiError(400, 'This code has expired. Please ask for a new one.');
    if (result === 'too-many') throw new ApiError(400, 'Too many wrong codes. Please ask for a new one.');
    if (result !== 'ok') throw new ApiError(400, INVALID_CODE);
    return c.json(await tokenPair(user.id, user.user_type));
  });

  router.post('/resend_verification/', async (c) => {
    const body = await readJsonAs(c, ResendVerificationRequestSchema);
    const now = clock.now();
    await enforce(
      db,
      [
        { bucket: `resend:ip:${c.get('ip')}`, limit: limits.resendPerIp },
        { bucket: `resend:acct:${body.email}`, limit: limits.resendPerAccount },
      ],
      now,
    );
    const user = await findUserByEmail(db, body.email);
    if (!user) throw new ApiError(400, 'No account is waiting for verification with this email.');
    if (user.verified) throw new ApiError(400, 'This email is already verified. Please log in.');
    const wait = await resendWaitMs(db, user.id, now);
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw new ApiError(429, `Please wait ${seconds} seconds before asking for another code.`, undefined, {
        'Retry-After': String(seconds),
      });
    }
    const code = await storeNewCode(db, config.jwtSecret, user.id, now, 'resend');
    await sendCode(user.email, code);
    return c.json({ detail: 'Verification code resent. Please check your inbox.' });
  });

  return router;
}
