/**
 * The minimum age (product §1) on every way a date of birth arrives: register
 * and profile PATCH answer a minor with the same 400.
 */
import { brand } from '../../src/brand.ts';
import { isAdultOn } from '../../src/shared/contract/auth.ts';
import { ApiError } from './problem.ts';

export function requireAdult(dateOfBirth: string | null | undefined, nowMs: number): void {
  if (!dateOfBirth || isAdultOn(dateOfBirth, new Date(nowMs).toISOString().slice(0, 10))) return;
  const message = `You must be at least 18 to use ${brand.name}.`;
  throw new ApiError(400, message, { date_of_birth: [message] });
}
