/**
 * The mails that carry a 4-digit code: email verification, password reset
 * and email change. Each says what the code is for and what to do if the
 * reader did not ask for it.
 */
import { brand } from '../../src/brand.ts';
import type { Mailer } from './mail.ts';
import { CODE_TTL_MS } from './verification-codes.ts';

const minutes = CODE_TTL_MS / 60_000;

export function sendVerificationCode(mailer: Mailer, email: string, code: string): Promise<void> {
  return mailer.send({
    to: email,
    subject: `Your ${brand.name} verification code: ${code}`,
    text:
      `Your ${brand.name} verification code is ${code}.\n\n` +
      `Enter it on the verification page within ${minutes} minutes. ` +
      `If you did not create an account, you can ignore this email.`,
    code,
  });
}

/** The code works for whoever asked for it, within the code's minutes; the link from anywhere for a day. */
export function sendPasswordResetCode(
  mailer: Mailer,
  email: string,
  reset: { code: string; link: string; linkHours: number },
): Promise<void> {
  return mailer.send({
    to: email,
    subject: `Your ${brand.name} password reset code: ${reset.code}`,
    text:
      `Someone asked to reset the password of your ${brand.name} account. Your code is ${reset.code}.\n\n` +
      `Enter it on the reset password page where you asked for it, within ${minutes} minutes, with your new password. ` +
      `Or open this link on any device within ${reset.linkHours} hours and choose a new password there:\n\n` +
      `${reset.link}\n\n` +
      `If you did not ask for this, ignore this email: your password stays as it is, and nobody can use the code ` +
      `or the link without this email.`,
    code: reset.code,
  });
}

export function sendEmailChangeCode(mailer: Mailer, email: string, code: string): Promise<void> {
  return mailer.send({
    to: email,
    subject: `Confirm your new ${brand.name} email address: ${code}`,
    text:
      `Someone asked to use this address for a ${brand.name} account. Your code is ${code}.\n\n` +
      `Enter it on the Profile screen within ${minutes} minutes to confirm the change. ` +
      `If you did not ask for this, ignore this email and nothing will change.`,
    code,
  });
}

export function sendEmailChangedNotice(mailer: Mailer, oldEmail: string, newEmail: string): Promise<void> {
  return mailer.send({
    to: oldEmail,
    subject: `Your ${brand.name} email address was changed`,
    text:
      `The email address of your ${brand.name} account is now ${newEmail}. ` +
      `If you did not make this change, contact us through the Contact page at once.`,
  });
}
