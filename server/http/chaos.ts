/**
 * Fault injection for tests (contract §2), off unless CHAOS is set, e.g.
 * `error=0.25,drop=0.25,latency=300`:
 * - latency: ms added to every API request;
 * - error: share of writes answered 503 *before* anything is applied;
 * - drop: share of writes applied and then the connection destroyed with no
 *   response — the case that makes Idempotency-Key necessary.
 * Routes that declare `chaosExempt` (sign-in, route.ts) are spared so a test can still log in.
 * In-process (no socket) a drop surfaces as a thrown ChaosDropError.
 */
import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../context.ts';
import { problemBody } from './problem.ts';

export interface ChaosSettings {
  error: number;
  drop: number;
  latency: number;
}

export class ChaosDropError extends Error {
  constructor() {
    super('CHAOS dropped the connection after applying the write.');
  }
}

export function parseChaos(text: string | null): ChaosSettings | null {
  if (!text) return null;
  const settings: ChaosSettings = { error: 0, drop: 0, latency: 0 };
  for (const part of text.split(',')) {
    const [name, raw] = part.split('=').map((s) => s.trim());
    const value = Number(raw);
    if ((name === 'error' || name === 'drop' || name === 'latency') && Number.isFinite(value) && value >= 0) {
      settings[name] = value;
    } else if (part.trim()) {
      throw new Error(`CHAOS: cannot read "${part}" (use error=0.2,drop=0.1,latency=300)`);
    }
  }
  return settings;
}

/** Latency, on every API request. */
export function chaosLatency(settings: ChaosSettings): MiddlewareHandler<ApiEnv> {
  return async (_c, next) => {
    if (settings.latency > 0) await new Promise((resolve) => setTimeout(resolve, settings.latency));
    await next();
  };
}

/** Errors and drops, on the writes of routes that are not exempt. */
export function chaosFaults(settings: ChaosSettings, random: () => number): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const draw = random();
    if (draw < settings.error) {
      return c.json(problemBody('Service temporarily unavailable (simulated by CHAOS). Please retry.'), 503);
    }
    await next();
    if (draw < settings.error + settings.drop) {
      const socket = c.env?.incoming?.socket;
      if (!socket) throw new ChaosDropError();
      socket.destroy();
    }
  };
}
