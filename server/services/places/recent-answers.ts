/**
 * Answers to recent place searches, kept in this process so that a prefix
 * many people type, or one client repeats, costs no query after the first.
 * Bounded by the bytes the answers hold (least recently used go first) and by
 * age: the gazetteer changes only when a new data file is loaded, and an
 * instance that did not load it itself sees the new rows within MAX_AGE_MS.
 */
import type { PlacePrediction } from '../../../src/shared/contract/places.ts';
import { byteBudgetCache } from '../byte-budget-cache.ts';

const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
const MAX_AGE_MS = 10 * 60 * 1000;
/** What an entry costs beyond its strings: the key, the arrays, the map's own record. */
const ENTRY_OVERHEAD_BYTES = 160;

interface Answer {
  predictions: PlacePrediction[];
  atMs: number;
  /** Characters held: the key and the strings of the predictions. */
  characters: number;
}

export interface RecentAnswers {
  get(key: string, nowMs?: number): PlacePrediction[] | undefined;
  set(key: string, predictions: PlacePrediction[], nowMs?: number): void;
}

export function recentAnswers(maxBytes = DEFAULT_MAX_BYTES): RecentAnswers {
  // JavaScript strings take two bytes a character.
  const cache = byteBudgetCache<string, Answer>(maxBytes, (answer) => ENTRY_OVERHEAD_BYTES + 2 * answer.characters);
  return {
    get(key, nowMs = Date.now()) {
      const answer = cache.get(key);
      if (!answer) return undefined;
      if (nowMs - answer.atMs > MAX_AGE_MS) {
        cache.delete(key);
        return undefined;
      }
      return answer.predictions;
    },
    set(key, predictions, nowMs = Date.now()) {
      let characters = key.length;
      for (const p of predictions) characters += p.place_id.length + p.description.length;
      cache.set(key, { predictions, atMs: nowMs, characters });
    },
  };
}
