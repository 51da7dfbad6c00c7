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
 * Frames get axe from here, not from the builder. The builder gives each
 * frame one second to compile axe and then goes on without a word; on a
 * loaded host a frame missed it, or got axe without the configuration that
 * lets it answer the page's axe, and was left out of the scan (or, with the
 * ping below turned off, never answered). Injected here, every frame gets
 * axe and its configuration however long that takes, and the builder's own
 * injection re-applies only the configuration. The page's axe skips its ping
 * (`pingWaitTime: 0`): a frame is always asked, and one that never answers
 * fails the scan (axe's `frameWaitTime`) instead of passing it unscanned.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import axe from 'axe-core';

export interface ScanOptions {
  /** axe tags to run (every rule when absent). */
  tags?: string[];
  /** A CSS selector: scan only what it matches. */
  include?: string;
}

/** What the builder configures in legacy mode: frames answer messages of this origin and this "application". */
const configure = `;axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`;

/** The page's violations, one line each: `rule: target, target`, prefixed with `what` when given. */
export async function axeViolations(page: Page, options: ScanOptions = {}, what?: string): Promise<string[]> {
  for (const frame of page.frames()) await frame.evaluate(axe.source + configure);
  let builder = new AxeBuilder({ page, axeSource: configure }).setLegacyMode().options({ pingWaitTime: 0 });
  if (options.tags) builder = builder.withTags(options.tags);
  if (options.include) builder = builder.include(options.include);
  const { violations } = await builder.analyze();
  return violations.map(
    (v) => `${what ? `${what}: ` : ''}${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
