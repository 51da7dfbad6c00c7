/**
 * The privacy policy says exactly how a listing's visitors are counted — a
 * hash of address, user agent and listing under a salt that is replaced
 * daily and never stored, nothing that identifies a person surviving the
 * day; views per page load up to the per-address bound — and what following
 * keeps (the push endpoint or the email address, and what is followed) and
 * until when (unfollow, or the end of the subscription).
 */
import { describe, expect, it } from 'vitest';
import { defaultVisitorLimits } from '../../server/services/insights-visitors.ts';
import { privacy } from '../../src/content/policies/privacy.ts';
import type { PolicySection } from '../../src/content/policies/policy-types.ts';

function text(id: string): string {
  const section = privacy.sections.find((s: PolicySection) => s.id === id);
  expect(section, id).toBeDefined();
  return section!.blocks.map((block) => (block.kind === 'p' ? block.text : block.items.join('\n'))).join('\n');
}

describe('the privacy policy', () => {
  it('says how visitors and views of a public listing are counted', () => {
    const insights = text('listing-insights');
    expect(insights).toMatch(/hash of the network address, the browser’s user agent and the listing/);
    expect(insights).toMatch(/salt that is replaced every day and is never stored/);
    expect(insights).toMatch(/nothing that identifies a person survives the day/);
    expect(insights).toContain(
      `up to ${defaultVisitorLimits.viewsPerAddressPerListing} a day from one network address`,
    );
    expect(insights).toMatch(/No cookie is set and no network address is stored/);
  });

  it('says what following keeps and until when', () => {
    const followers = text('followers');
    expect(followers).toMatch(/the push endpoint your browser gives us .* or your email address, and what you follow/);
    expect(followers).toMatch(/until you unfollow/);
    expect(followers).toMatch(/until the subscription ends/);
  });
});
