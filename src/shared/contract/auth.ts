/**
 * Request and response shapes of the auth endpoints (product §7, contract §3):
 * login, refresh, logout, register, verify-email and resend, plus account
 * recovery and changes (password forgot/reset/change, email change/confirm).
 * Tokens and the profile live in user.ts.
 */
import * as v from 'valibot';
import { DateSchema, EmailSchema, emptyAsNull } from './formats.ts';
import { singleLine } from './text.ts';
import { GenderSchema } from './user.ts';

/** product §5, word for word. */
export const DISPLAY_NAME_MESSAGE = 'Display name can only use letters, numbers, "." and "_".';
/** Longest display name accepted. */
export const MAX_DISPLAY_NAME_LENGTH = 30;
/** Shortest password accepted at registration. */
export const MIN_PASSWORD_LENGTH = 8;
/** Verification codes are exactly this many digits (contract §8). */
export const VERIFICATION_CODE_LENGTH = 4;
/** The verification code field accepts up to this many characters (product §9). */
export const VERIFICATION_CODE_INPUT_MAX = 6;
/** Minimum age to hold an account (product §1). */
export const MINIMUM_AGE = 18;

/** What the display-name field keeps while typing: spaces are stripped (product §5). */
export function stripDisplayNameSpaces(input: string): string {
  return input.replace(/\s+/g, '');
}

/** True when a display name uses only letters, digits, "." and "_". */
export function isValidDisplayName(value: string): boolean {
  return /^[\p{L}\p{N}._]+$/u.test(value);
}

/** A display name (business username): spaces stripped, then letters, digits, "." and "_" only. */
export const DisplayNameSchema = v.pipe(
  v.string(DISPLAY_NAME_MESSAGE),
  v.transform(stripDisplayNameSpaces),
  singleLine(),
  v.minLength(1, 'Choose a display name.'),
  v.maxLength(MAX_DISPLAY_NAME_LENGTH, `Display name can have at most ${MAX_DISPLAY_NAME_LENGTH} characters.`),
  v.check(isValidDisplayName, DISPLAY_NAME_MESSAGE),
);

/** True when someone born on `dateOfBirth` (YYYY-MM-DD) is at least 18 on `today` (YYYY-MM-DD). */
export function isAdultOn(dateOfBirth: string, today: string): boolean {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const age = ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
  return age >= MINIMUM_AGE;
}

const PasswordSchema = v.pipe(
  v.string('Enter a password.'),
  v.minLength(1, 'Enter a password.'),
  singleLine(),
  v.maxLength(256, 'That password is too long.'),
);

/** `POST /api/auth/login/` body. */
export const LoginRequestSchema = v.object({ email: EmailSchema, password: PasswordSchema });
/** Login credentials. */
export type LoginRequest = v.InferOutput<typeof LoginRequestSchema>;

/** `POST /api/auth/refresh/` body. */
export const RefreshRequestSchema = v.object({
  refresh: v.pipe(
    v.string('Send the refresh token.'),
    v.minLength(1, 'Send the refresh token.'),
    v.maxLength(512, 'That refresh token is too long.'),
    singleLine(),
  ),
});
/** A refresh request. */
export type RefreshRequest = v.InferOutput<typeof RefreshRequestSchema>;

/** `POST /api/auth/logout/` body: the refresh token whose family is revoked. */
export const LogoutRequestSchema = RefreshRequestSchema;
/** A logout request. */
export type LogoutRequest = v.InferOutput<typeof LogoutRequestSchema>;

/** Account types the register form offers: Business, or Promoter sent as `subpromoter`. */
export const RegisterUserTypeSchema = v.picklist(['business', 'subpromoter'], 'Choose Business or Promoter.');
/** `business` or `subpromoter`. */
export type RegisterUserType = v.InferOutput<typeof RegisterUserTypeSchema>;

/** `POST /api/auth/register/` body (product §7). */
export const RegisterRequestSchema = v.object({
  email: EmailSchema,
  full_name: v.optional(
    v.pipe(v.string('Full name is text.'), v.trim(), singleLine(), v.maxLength(150, 'That name is too long.')),
    '',
  ),
  display_name: DisplayNameSchema,
  password: v.pipe(
    PasswordSchema,
    v.minLength(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters for the password.`),
  ),
  date_of_birth: v.optional(emptyAsNull(DateSchema), null),
  gender: v.optional(v.union([GenderSchema, v.null()], 'Choose male, female or prefer not to say.'), ''),
  is_promoter: v.optional(v.boolean('is_promoter must be true or false.'), true),
  user_type: RegisterUserTypeSchema,
});
/** Registration input as sent. */
export type RegisterRequestInput = v.InferInput<typeof RegisterRequestSchema>;
/** Registration after validation. */
export type RegisterRequest = v.InferOutput<typeof RegisterRequestSchema>;

/** `POST /api/auth/register/` → 201 with this body; the account is unverified. */
export const RegisterResponseSchema = v.object({ detail: v.string(), email: v.string() });
/** The register response. */
export type RegisterResponse = v.InferOutput<typeof RegisterResponseSchema>;

/** A verification code as typed: trimmed, exactly 4 digits. */
export const VerificationCodeSchema = v.pipe(
  v.string('Enter the 4-digit code.'),
  v.trim(),
  singleLine(),
  v.regex(/^\d{4}$/, 'Enter the 4-digit code from the email.'),
);

/** `POST /api/auth/verify-email/` body; success returns a TokenPair. */
export const VerifyEmailRequestSchema = v.object({ email: EmailSchema, code: VerificationCodeSchema });
/** A verify-email request. */
export type VerifyEmailRequest = v.InferOutput<typeof VerifyEmailRequestSchema>;

/** `POST /api/auth/resend_verification/` body. */
export const ResendVerificationRequestSchema = v.object({ email: EmailSchema });
/** A resend request. */
export type ResendVerificationRequest = v.InferOutput<typeof ResendVerificationRequestSchema>;

/** Responses that only confirm (resend, logout): a sentence. */
export const DetailResponseSchema = v.object({ detail: v.string() });
/** A confirmation body. */
export type DetailResponse = v.InferOutput<typeof DetailResponseSchema>;

/** A password being set (reset, change): the registration rules. */
export const NewPasswordSchema = v.pipe(
  PasswordSchema,
  v.minLength(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters for the password.`),
);

/** `POST /api/auth/password/forgot/` body (contract §3): always answered with the same DetailResponse. */
export const ForgotPasswordRequestSchema = v.object({ email: EmailSchema });
/** A forgot-password request. */
export type ForgotPasswordRequest = v.InferOutput<typeof ForgotPasswordRequestSchema>;

/** `POST /api/auth/password/reset/` body; success returns a TokenPair and ends every other session. */
export const ResetPasswordRequestSchema = v.object({
  email: EmailSchema,
  code: VerificationCodeSchema,
  password: NewPasswordSchema,
});
/** A password-reset request. */
export type ResetPasswordRequest = v.InferOutput<typeof ResetPasswordRequestSchema>;

/** The token of a reset link, as mailed (`/reset-password?token=…`): 32 random bytes, base64url. */
export const ResetLinkTokenSchema = v.pipe(
  v.string('Open the link from the email again.'),
  v.trim(),
  v.regex(/^[A-Za-z0-9_-]{43}$/, 'This reset link is not complete. Open it from the email again.'),
);

/** `POST /api/auth/password/reset-link/` body: the mailed link instead of email and code. */
export const ResetPasswordByLinkRequestSchema = v.object({
  token: ResetLinkTokenSchema,
  password: NewPasswordSchema,
});
/** A password reset through the mailed link. */
export type ResetPasswordByLinkRequest = v.InferOutput<typeof ResetPasswordByLinkRequestSchema>;

/** `POST /api/auth/password/change/` body (signed in); other sessions end. */
export const ChangePasswordRequestSchema = v.object({
  current_password: PasswordSchema,
  new_password: NewPasswordSchema,
});
/** A password-change request. */
export type ChangePasswordRequest = v.InferOutput<typeof ChangePasswordRequestSchema>;

/** `POST /api/auth/email/change/` body (signed in): mails a code to `new_email`. */
export const ChangeEmailRequestSchema = v.object({ new_email: EmailSchema, current_password: PasswordSchema });
/** An email-change request. */
export type ChangeEmailRequest = v.InferOutput<typeof ChangeEmailRequestSchema>;

/** `POST /api/auth/email/confirm/` body (signed in): the code mailed to the new address. */
export const ConfirmEmailChangeRequestSchema = v.object({ code: VerificationCodeSchema });
/** An email-change confirmation. */
export type ConfirmEmailChangeRequest = v.InferOutput<typeof ConfirmEmailChangeRequestSchema>;
