/**
 * The embeddable pages (contract §11): a small frame of one event
 * (`/embed/e/{id}`) or of an account's upcoming events (`/embed/p/{name}`),
 * for other sites' iframes. They are the only pages any site may frame.
 * Server and dashboard both build the paths here.
 */

/** Every embeddable page starts with this; the security headers let only these be framed. */
export const EMBED_PATH_PREFIX = '/embed/';

/** The frame's size when the embedding site asks for none: a phone-wide card. */
export const EMBED_DEFAULT_WIDTH = 400;
export const EMBED_EVENT_HEIGHT = 260;
export const EMBED_LIST_HEIGHT = 420;

export function embedEventPath(id: number): string {
  return `${EMBED_PATH_PREFIX}e/${id}`;
}

export function embedPromoterPath(displayName: string): string {
  return `${EMBED_PATH_PREFIX}p/${encodeURIComponent(displayName)}`;
}

/** The HTML another site pastes: a titled iframe of `src` (absolute), borderless, lazy. */
export function embedIframeCode(src: string, title: string, width = EMBED_DEFAULT_WIDTH, height = EMBED_EVENT_HEIGHT) {
  const attr = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return `<iframe src="${attr(src)}" title="${attr(title)}" width="${width}" height="${height}" style="border:0;max-width:100%" loading="lazy"></iframe>`;
}
