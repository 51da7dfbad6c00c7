/**
 * Whole seconds until `at` (epoch ms), ticking once a second while there is
 * something to count down to; null when `at` is null. Never below zero.
 */
import { useEffect, useState } from 'react';

export function useSecondsUntil(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1_000));
}
