/**
 * Keyword rules (product §5, §9): at most 15 per listing, each at most 15
 * characters, lowercased. The form says why it did not take a keyword
 * (`addKeywords`), in the same sentences the server rejects it with (`KeywordsSchema`).
 */
import * as v from 'valibot';
import { singleLine } from './text.ts';

/** At most this many keywords per listing. */
export const MAX_KEYWORDS = 15;
/** At most this many characters per keyword. */
export const MAX_KEYWORD_LENGTH = 15;

/** Why a keyword was not added: the server's own sentences, and one for a keyword already in the list. */
export const KEYWORD_TOO_LONG = `Each keyword can have at most ${MAX_KEYWORD_LENGTH} characters.`;
export const TOO_MANY_KEYWORDS = `Use at most ${MAX_KEYWORDS} keywords.`;
export const DUPLICATE_KEYWORD = 'This keyword is already added.';

/** A keyword as stored: trimmed and lowercased. */
export function normalizeKeyword(input: string): string {
  return input.trim().toLowerCase();
}

/** The outcome of adding typed text: the new list, the parts to keep for the user to fix, and why (the first reason), or null. */
export interface KeywordsAdded {
  readonly keywords: readonly string[];
  readonly rejected: readonly string[];
  readonly problem: string | null;
}

/**
 * The list with every comma-separated part of `input` added ("jazz, soul" is
 * two). Blank parts are skipped. A part too long or beyond the 15th is not
 * added and comes back in `rejected`; one already listed is not added twice
 * (nothing is lost); either way `problem` says why.
 */
export function addKeywords(keywords: readonly string[], input: string): KeywordsAdded {
  let list = keywords;
  const rejected: string[] = [];
  let problem: string | null = null;
  for (const part of input.split(',')) {
    const keyword = normalizeKeyword(part);
    if (!keyword) continue;
    const reason =
      keyword.length > MAX_KEYWORD_LENGTH
        ? KEYWORD_TOO_LONG
        : list.includes(keyword)
          ? DUPLICATE_KEYWORD
          : list.length >= MAX_KEYWORDS
            ? TOO_MANY_KEYWORDS
            : null;
    if (reason) {
      if (reason !== DUPLICATE_KEYWORD) rejected.push(part.trim());
      problem ??= reason;
    } else list = [...list, keyword];
  }
  return { keywords: list, rejected, problem };
}

/** The list without `keyword`. */
export function removeKeyword(keywords: readonly string[], keyword: string): readonly string[] {
  return keywords.filter((existing) => existing !== keyword);
}

/** One keyword: non-empty, ≤ 15 characters once trimmed; lowercased. */
export const KeywordSchema = v.pipe(
  v.string('Keywords are text.'),
  v.trim(),
  singleLine(),
  v.toLowerCase(),
  v.minLength(1, 'Keywords cannot be empty.'),
  v.maxLength(MAX_KEYWORD_LENGTH, KEYWORD_TOO_LONG),
);

/** A keyword list: ≤ 15 keywords, duplicates removed. */
export const KeywordsSchema = v.pipe(
  v.array(KeywordSchema, 'Keywords must be a list of words.'),
  v.transform((list) => [...new Set(list)]),
  v.maxLength(MAX_KEYWORDS, TOO_MANY_KEYWORDS),
);
