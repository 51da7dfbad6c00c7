/**
 * Addresses an account has signed in from (table known_logins). The global
 * per-account login limit spares them, so an attacker who trips it from many
 * addresses does not lock the owner out of their usual device. Remembered
 * for KNOWN_LOGIN_TTL_MS after the last success.
 */
import type { Queryable } from '../db/client.ts';
import { deleteLoginsUnusedSince, isKnownLogin, rememberLogin } from '../db/queries/known-logins.ts';

export const KNOWN_LOGIN_TTL_MS = 90 * 24 * 60 * 60 * 1000;

export function isKnownLoginAddress(db: Queryable, userId: number, ip: string, nowMs: number): Promise<boolean> {
  return isKnownLogin(db, userId, ip, new Date(nowMs - KNOWN_LOGIN_TTL_MS));
}

export function rememberLoginAddress(db: Queryable, userId: number, ip: string, nowMs: number): Promise<void> {
  return rememberLogin(db, userId, ip, new Date(nowMs));
}

export function forgetOldLoginAddresses(db: Queryable, nowMs: number): Promise<void> {
  return deleteLoginsUnusedSince(db, new Date(nowMs - KNOWN_LOGIN_TTL_MS));
}
