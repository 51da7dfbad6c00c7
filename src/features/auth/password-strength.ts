/**
 * A rough password strength hint for the register form. It only guides: the
 * server enforces the minimum length. Length counts most; mixing letters,
 * digits and symbols helps a little.
 */
import { MIN_PASSWORD_LENGTH } from '../../shared/contract/auth.ts';

export type PasswordStrength = 'empty' | 'too-short' | 'weak' | 'fair' | 'strong';

export function passwordStrength(password: string): PasswordStrength {
  if (!password) return 'empty';
  if (password.length < MIN_PASSWORD_LENGTH) return 'too-short';
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password)).length;
  const score = (password.length >= 12 ? 2 : password.length >= 10 ? 1 : 0) + (kinds >= 3 ? 2 : kinds === 2 ? 1 : 0);
  return score >= 3 ? 'strong' : score >= 2 ? 'fair' : 'weak';
}

export const strengthHints: Record<PasswordStrength, string> = {
  empty: `Use at least ${MIN_PASSWORD_LENGTH} characters.`,
  'too-short': `Too short: use at least ${MIN_PASSWORD_LENGTH} characters.`,
  weak: 'Strength: weak. A longer password with numbers or symbols is safer.',
  fair: 'Strength: fair. A few more characters make it strong.',
  strong: 'Strength: strong.',
};
