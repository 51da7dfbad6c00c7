/**
 * Which requests may count in a listing's insights (contract §10): not a
 * robot and not a prefetch. Robots are told by their User-Agent (the
 * crawlers, link previews, monitors and HTTP libraries that announce
 * themselves; an empty one too); a robot that runs no JavaScript never sends
 * the page's beacon in the first place. A prefetch or prerender says so in
 * `Sec-Purpose` (Chromium, Safari), `Purpose` (older Chromium, Safari) or
 * `X-Moz` (Firefox); the page also waits for a prerender to be shown before
 * it sends its beacon (src/listing-page.ts).
 */
import type { Context } from 'hono';

const ROBOT_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|facebookcatalog|embedly|preview|headless|lighthouse|pagespeed|phantomjs|puppeteer|playwright|selenium|curl\/|wget\/|python|go-http|java\/|okhttp|axios|node-fetch|undici|libwww|httpclient|monitor|pingdom|uptime|check_http|feedfetcher|whatsapp|telegram|discord|skype|vkshare|w3c_validator/i;

export function isRobot(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || ROBOT_AGENT.test(userAgent);
}

export function isPrefetch(header: (name: string) => string | undefined): boolean {
  const said = [header('sec-purpose'), header('purpose'), header('x-purpose'), header('x-moz')];
  return said.some((value) => value !== undefined && /prefetch|prerender|preview/i.test(value));
}

/** A request a person made on purpose: neither a robot's nor a prefetch. */
export function mayCount(c: Context): boolean {
  const header = (name: string) => c.req.header(name);
  return !isRobot(header('user-agent')) && !isPrefetch(header);
}
