/**
 * axe-core scans for the Playwright suite, in axe's "legacy" mode: `axe.run`
 * inside the page under test. The builder's default (`runPartial` in every
 * frame, then `finishRun`) opens a new tab for every scan to merge the frames'
 * results — a renderer started and axe's 550 kB compiled twice per scan, a
 * fifth of tests/e2e/dashboard-a11y.spec.ts's CPU (117 → 94 CPU-seconds on a
 * 2-core host). What the default adds is cross-origin frames, and no page of
 * this site embeds one; same-origin frames are still scanned. The rules and
 * their verdicts are the same.
 *
 * In legacy mode the page's axe pings each frame and, by default, silently
 * leaves out a frame that has not answered within 500 ms: on a loaded host a
 * frame's content went unscanned and its violations unreported. Every frame
 * already holds axe (the builder injects it into each before the run), so the
 * ping is skipped (`pingWaitTime: 0`): a frame is always asked, and one that
 * never answers fails the scan (axe's `frameWaitTime`) instead of passing it.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export interface ScanOptions {
  /** axe tags to run (every rule when absent). */
  tags?: string[];
  /** A CSS selector: scan only what it matches. */
  include?: string;
}

/** The page's violations, one line each: `rule: target, target`, prefixed with `what` when given. */
export async function axeViolations(page: Page, options: ScanOptions = {}, what?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).setLegacyMode().options({ pingWaitTime: 0 });
  if (options.tags) builder = builder.withTags(options.tags);
  if (options.include) builder = builder.include(options.include);
  const { violations } = await builder.analyze();
  return violations.map(
    (v) => `${what ? `${what}: ` : ''}${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
