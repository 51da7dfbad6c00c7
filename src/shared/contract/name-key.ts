/**
 * The key that makes a public name belong to one account: two display names
 * with the same key would read alike in a link or on a poster ("Sam.Nights",
 * "sam.nights", "ѕаm.nights" with Cyrillic letters, "sam.n1ghts"), so only one
 * account may hold it. Confusable letters are folded with the maintained
 * `confusables` table (Unicode's confusables plus accents), then the few
 * look-alikes it keeps apart in names of letters, digits, "." and "_".
 * A key is for comparing, never for showing.
 */
import { remove } from 'confusables';

/**
 * Applied after lower-casing, so case never makes two names differ. Capital I
 * reads as a small L, and case folds I into i, so i, l and 1 are one letter
 * here: "lia" and "ila" collide, which costs someone a second choice of name,
 * never someone's page.
 */
const LOOK_ALIKES: readonly (readonly [RegExp, string])[] = [
  [/0/g, 'o'],
  [/[1i]/g, 'l'],
  [/rn/g, 'm'],
  [/vv/g, 'w'],
];

export function displayNameKey(displayName: string): string {
  let key = remove(displayName.normalize('NFKC')).toLowerCase();
  for (const [pattern, replacement] of LOOK_ALIKES) key = key.replace(pattern, replacement);
  return key;
}
