/**
 * Finding things the way a person (and contract §9) names them: a button by
 * its text or label, a field by its label, an event card by its title, text
 * on screen. Puppeteer's ARIA selectors are slow over BiDi, so these read the
 * DOM in the page; each waits until what it looks for is there and visible.
 */
import type { ElementHandle, Page } from 'puppeteer-core';
import { waitInPage } from './firefox.ts';

type Scope = string | null;

async function waitForElement(
  page: Page,
  find: (scope: Scope, name: string, extra: string) => Element | null | undefined,
  scope: Scope,
  name: string,
  what: string,
  extra = '',
  timeout?: number,
): Promise<ElementHandle<Element>> {
  try {
    // `find` runs in the page from its source text: everything it needs comes in as arguments.
    const options = { polling: 100, ...(timeout ? { timeout } : {}) };
    const handle = await waitInPage(page, find, options, scope, name, extra);
    const element = handle.asElement();
    if (!element) throw new Error('not an element');
    return element as ElementHandle<Element>;
  } catch (error) {
    throw new Error(`${what} "${name}"${scope ? ` in ${scope}` : ''} did not appear: ${String(error)}`, {
      cause: error,
    });
  }
}

/** A visible, enabled button (or link) whose accessible name is exactly `name`. */
export function button(page: Page, name: string, scope: Scope = null, role = 'button', timeout?: number) {
  return waitForElement(
    page,
    (scopeSelector, wanted, kind) => {
      const root = scopeSelector ? document.querySelector(scopeSelector) : document;
      if (!root) return null;
      const selector = kind === 'link' ? 'a[href]' : 'button:not([role]), [role="button"], input[type="submit"]';
      // No named helpers in here: a transpiler may wrap them in a `__name` call the page does not have.
      return [...root.querySelectorAll<HTMLElement>(selector)].find((element) => {
        const copy = element.cloneNode(true) as Element;
        for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
        const name = element.getAttribute('aria-label')?.trim() || (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
        return (
          name === wanted &&
          element.getClientRects().length > 0 &&
          !(element as HTMLButtonElement).disabled &&
          element.getAttribute('aria-disabled') !== 'true'
        );
      });
    },
    scope,
    name,
    role === 'link' ? 'The link' : 'The button',
    role,
    timeout,
  );
}

export const link = (page: Page, name: string, scope: Scope = null) => button(page, name, scope, 'link');

/** The visible form control whose <label> reads exactly `label`. */
export function field(page: Page, label: string, scope: Scope = null) {
  return waitForElement(
    page,
    (scopeSelector, wanted) => {
      const root = scopeSelector ? document.querySelector(scopeSelector) : document;
      if (!root) return null;
      const labelled = [...root.querySelectorAll('label')].find((l) => l.textContent?.trim() === wanted)?.control;
      const named = root.querySelector(`[aria-label="${wanted}"]`);
      const control = labelled ?? named;
      return control && control.getClientRects().length > 0 ? control : null;
    },
    scope,
    label,
    'The field',
  );
}

/** Sets a field's value the way typing does (React sees an input event), like Playwright's fill. */
export async function fill(page: Page, label: string, value: string, scope: Scope = null) {
  const control = await field(page, label, scope);
  await control.evaluate((element, text) => {
    const input = element as HTMLInputElement | HTMLTextAreaElement;
    const prototype = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

export async function click(page: Page, name: string, scope: Scope = null) {
  await (await button(page, name, scope)).click();
}

/** The dialog with this accessible name, as a CSS selector usable as a scope. */
export async function dialog(page: Page, name: string): Promise<string> {
  const selector = `dialog[open][aria-label="${name}"]`;
  try {
    await page.waitForSelector(selector, { visible: true });
  } catch (error) {
    const seen = await page
      .evaluate(() => ({
        dialogs: [...document.querySelectorAll('dialog[open], [role="dialog"]')].map((d) =>
          d.getAttribute('aria-label'),
        ),
        text: document.body.innerText,
      }))
      .catch(() => '(page gone)');
    throw new Error(`No dialog "${name}"; the page had ${JSON.stringify(seen)}`, { cause: error });
  }
  return selector;
}

/** Waits until the page's visible text matches `pattern` (or, with `present` false, stops matching). */
export async function waitForText(page: Page, pattern: RegExp | string, present = true, timeout?: number) {
  const source = typeof pattern === 'string' ? pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : pattern.source;
  const flags = typeof pattern === 'string' ? '' : pattern.flags;
  try {
    await waitInPage(
      page,
      (src, fl, want) => new RegExp(src, fl).test(document.body.innerText) === want,
      { polling: 100, ...(timeout ? { timeout } : {}) },
      source,
      flags,
      present,
    );
  } catch (error) {
    const seen = await page.evaluate(() => document.body.innerText).catch(() => '(page gone)');
    throw new Error(`${present ? 'Never saw' : 'Still saw'} ${String(pattern)}; the page read:\n${seen}`, {
      cause: error,
    });
  }
}

/** The text of the event card titled `title` ('' when there is none). */
export function cardText(page: Page, title: string): Promise<string> {
  return page.evaluate((wanted) => {
    const card = [...document.querySelectorAll('article, li')].find((element) =>
      [...element.querySelectorAll('h2, h3, h4')].some((heading) => heading.textContent?.trim() === wanted),
    );
    return card instanceof HTMLElement ? card.innerText : '';
  }, title);
}

/** Waits until the card titled `title` shows (or no longer shows) `text`; `text` null waits for the card to go. */
export async function waitForCard(page: Page, title: string, text: string | null, present = true, timeout?: number) {
  await waitInPage(
    page,
    (wanted, expected, want) => {
      const card = [...document.querySelectorAll('article, li')].find((element) =>
        [...element.querySelectorAll('h2, h3, h4')].some((heading) => heading.textContent?.trim() === wanted),
      );
      if (expected === null) return (card !== undefined) === want;
      return card instanceof HTMLElement && card.innerText.includes(expected) === want;
    },
    { polling: 100, ...(timeout ? { timeout } : {}) },
    title,
    text,
    present,
  );
}

/** A button inside the card titled `title`. */
export function cardButton(page: Page, title: string, name: string) {
  return waitForElement(
    page,
    (cardTitle, wanted) => {
      const card = [...document.querySelectorAll('article, li')].find((element) =>
        [...element.querySelectorAll('h2, h3, h4')].some((heading) => heading.textContent?.trim() === cardTitle),
      );
      return [...(card?.querySelectorAll('button') ?? [])].find(
        (b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim() === wanted,
      );
    },
    title,
    name,
    'The card button',
  );
}

/** Presses the dialog's Save (Publish for a new event) and waits until the dialog has closed. */
export async function saveDialog(page: Page, selector: string, button = 'Save') {
  await click(page, button, selector);
  await page.waitForSelector(selector, { hidden: true });
}
