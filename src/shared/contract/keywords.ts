/**
 * Keyword rules (product §5, §9): at most 15 per listing, each at most 15
 * characters, lowercased. The form silently ignores input beyond the limits
 * (`addKeyword`); the server rejects it (`KeywordsSchema`).
 */
import * as v from 'valibot';
import { singleLine } from './text.ts';

/** At most this many keywords per listing. */
export const MAX_KEYWORDS = 15;
/** At most this many characters per keyword. */
export const MAX_KEYWORD_LENGTH = 15;

/** A keyword as stored: trimmed and lowercased. */
export function normalizeKeyword(input: string): string {
  return input.trim().toLowerCase();
}

/**
 * The list with `input` added, or the same list when the input is empty, too
 * long, a duplicate, or the list is full (the form ignores those silently).
 */
export function addKeyword(keywords: readonly string[], input: string): readonly string[] {
  const keyword = normalizeKeyword(input);
  if (!keyword || keyword.length > MAX_KEYWORD_LENGTH) return keywords;
  if (keywords.length >= MAX_KEYWORDS || keywords.includes(keyword)) return keywords;
  return [...keywords, keyword];
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
  v.maxLength(MAX_KEYWORD_LENGTH, `Each keyword can have at most ${MAX_KEYWORD_LENGTH} characters.`),
);

/** A keyword list: ≤ 15 keywords, duplicates removed. */
export const KeywordsSchema = v.pipe(
  v.array(KeywordSchema, 'Keywords must be a list of words.'),
  v.transform((list) => [...new Set(list)]),
  v.maxLength(MAX_KEYWORDS, `Use at most ${MAX_KEYWORDS} keywords.`),
);
