import { describe, expect, it } from 'vitest';
import { faqEntries } from '../../src/content/faq.ts';
import { highlightParts, searchFaq } from '../../src/features/faq/faq-search.ts';

describe('FAQ search', () => {
  it('finds nothing for an empty or blank query', () => {
    expect(searchFaq(faqEntries, '')).toEqual([]);
    expect(searchFaq(faqEntries, '   ')).toEqual([]);
  });

  it('matches a case-insensitive substring of the question only', () => {
    const results = searchFaq(faqEntries, 'TaGs');
    expect(results.map((entry) => entry.question)).toEqual(['How many tags can I add to a video?']);
    // "TestFlight"-like words in answers never match: only questions are searched.
    expect(searchFaq(faqEntries, 'payment provider')).toEqual([]);
  });

  it('highlights every occurrence, keeping the original casing', () => {
    expect(highlightParts('Video, video and VIDEO', 'video')).toEqual([
      { text: 'Video', match: true },
      { text: ', ', match: false },
      { text: 'video', match: true },
      { text: ' and ', match: false },
      { text: 'VIDEO', match: true },
    ]);
    expect(highlightParts('No match here', 'zzz')).toEqual([{ text: 'No match here', match: false }]);
  });
});

describe('FAQ content', () => {
  const all = faqEntries.map((entry) => `${entry.question} ${entry.answer}`).join('\n');

  it('has at least 20 questions, none repeated', () => {
    expect(faqEntries.length).toBeGreaterThanOrEqual(20);
    expect(new Set(faqEntries.map((entry) => entry.question)).size).toBe(faqEntries.length);
  });

  it('states the app claims of product §5 and §6', () => {
    expect(all).toContain('Up to 8 tags per video');
    expect(all).toContain('up to 3 portfolio videos');
    expect(all).toContain('4-digit coupon code');
    expect(all).toContain('deleted within 30 days');
    expect(all).toContain('verification badge');
  });
});
