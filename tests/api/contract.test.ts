import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  DISPLAY_NAME_MESSAGE,
  DisplayNameSchema,
  isAdultOn,
  stripDisplayNameSpaces,
} from '../../src/shared/contract/auth.ts';
import { categories, categoryLabel, isSubcategoryOf } from '../../src/shared/contract/categories.ts';
import {
  addKeywords,
  DUPLICATE_KEYWORD,
  KEYWORD_TOO_LONG,
  MAX_KEYWORDS,
  removeKeyword,
  TOO_MANY_KEYWORDS,
} from '../../src/shared/contract/keywords.ts';
import { isIssueMessageLongEnough } from '../../src/shared/contract/issue.ts';

describe('shared contract', () => {
  it('has the 9 categories of product §3 with their labels and 12–46 subcategories each', () => {
    expect(categories.map((c) => [c.value, c.label])).toEqual([
      ['music', 'Music'],
      ['drinks', 'Drinks'],
      ['food', 'Food'],
      ['marketplace', 'Marketplace'],
      ['social', 'Social'],
      ['sports_club', 'Sports Club'],
      ['arts', 'Arts & Culture'],
      ['wellness', 'Wellness'],
      ['business', 'Business & Learning'],
    ]);
    for (const category of categories) {
      expect(category.subcategories.length).toBeGreaterThanOrEqual(12);
      expect(category.subcategories.length).toBeLessThanOrEqual(46);
      expect(new Set(category.subcategories).size).toBe(category.subcategories.length);
    }
    const music = categories[0]!.subcategories;
    expect(music.slice(0, 2)).toEqual(['Acoustic', 'Afrobeats']);
    expect(music.at(-1)).toBe('Nightclub');
    const food = categories[2]!.subcategories;
    expect([food[0], food.at(-1)]).toEqual(['African', 'Vietnamese']);
    expect(categories[1]!.subcategories).toEqual(expect.arrayContaining(['Bar', 'Pub', 'Cocktail Bar']));
    expect(isSubcategoryOf('drinks', 'Pub')).toBe(true);
    expect(isSubcategoryOf('food', 'Pub')).toBe(false);
    expect(categoryLabel('sports_club')).toBe('Sports Club');
  });

  it('adds keywords lowercased, comma-separated, and says why it refuses one', () => {
    let list: readonly string[] = addKeywords([], '  Jazz , soul,').keywords;
    expect(list).toEqual(['jazz', 'soul']);
    expect(addKeywords(list, 'JAZZ')).toEqual({ keywords: list, rejected: [], problem: DUPLICATE_KEYWORD });
    expect(addKeywords(list, 'sixteen-chars-xx')).toEqual({
      keywords: list,
      rejected: ['sixteen-chars-xx'],
      problem: KEYWORD_TOO_LONG,
    });
    expect(addKeywords(list, '   ')).toEqual({ keywords: list, rejected: [], problem: null });
    for (let i = 0; i < 20; i++) list = addKeywords(list, `k${i}`).keywords;
    expect(list).toHaveLength(MAX_KEYWORDS);
    expect(addKeywords(list, 'more').problem).toBe(TOO_MANY_KEYWORDS);
    expect(removeKeyword(list, 'jazz')).not.toContain('jazz');
  });

  it('checks display names as product §5 says, stripping spaces', () => {
    expect(stripDisplayNameSpaces('my shop 1')).toBe('myshop1');
    expect(v.parse(DisplayNameSchema, 'the.best_shop')).toBe('the.best_shop');
    const bad = v.safeParse(DisplayNameSchema, 'bad-name');
    expect(bad.success ? null : bad.issues[0].message).toBe(DISPLAY_NAME_MESSAGE);
  });

  it('knows who is an adult and which issue messages are long enough', () => {
    expect(isAdultOn('2008-01-15', '2026-01-15')).toBe(true);
    expect(isAdultOn('2008-01-16', '2026-01-15')).toBe(false);
    expect(isIssueMessageLongEnough('  123456789  ')).toBe(false);
    expect(isIssueMessageLongEnough('1234567890')).toBe(true);
  });
});
