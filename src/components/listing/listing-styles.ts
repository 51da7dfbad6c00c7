/**
 * The listing view's stylesheet, as text: the public page puts it in its
 * <style> (its only CSS, no second request) and the dashboard preview in a
 * React-hoisted <style>, so one set of rules draws both and the server never
 * loads a CSS file. The cover is drawn out of flow in a fixed 16:9 box, so
 * an image of any shape, loaded at any time, never moves the text. Colours
 * fall back to the brand's when the app's tokens are absent.
 */
export const LISTING_STYLE_ID = 'roamly-listing';

export const LISTING_CSS = `
.listing{border-radius:20px;overflow:hidden;background:var(--ink,#16142b);color:#fff;box-shadow:0 8px 24px rgb(22 20 43/12%)}
.listing__cover{position:relative;aspect-ratio:16/9;overflow:hidden;display:grid;place-items:center;background:linear-gradient(135deg,#c23a1c,#0b6e69);font-size:2rem}
.listing__cover img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.listing__badges{position:absolute;left:.75rem;top:.75rem;display:flex;gap:.35rem}
.listing__badge{padding:.1rem .6rem;border-radius:999px;background:#ffd166;color:#16142b;font-size:.8rem;font-weight:750;line-height:1.5}
.listing__badge--business{background:#d8efec;color:#0b4f4b}
.listing__body{padding:1rem 1.1rem 1.2rem}
.listing__title{margin:0 0 .25rem;font-family:ui-rounded,system-ui,sans-serif;font-size:1.4rem;font-weight:800;line-height:1.2;overflow-wrap:anywhere}
h1.listing__title{font-size:clamp(1.6rem,5vw,2.3rem)}
.listing__category{margin:0;color:#ffe7a3;font-size:.95rem}
.listing__facts{margin:.75rem 0 0;display:grid;gap:.5rem}
.listing__fact dt{font-size:.75rem;font-weight:750;text-transform:uppercase;letter-spacing:.08em;color:#c9c5e0}
.listing__fact dd{margin:0;color:#f3f1fb}
.listing__hours{list-style:none;margin:0;padding:0}
.listing__map{color:#ffd166;font-weight:650;white-space:nowrap}
.listing__map:focus-visible{outline:3px solid #ffd166;outline-offset:2px}
.listing__next{display:block;color:#c9c5e0;font-size:.92rem}
.listing__tickets{margin:1rem 0 0}
.listing__tickets-link{display:inline-block;padding:.65rem 1.3rem;border-radius:999px;background:#ffd166;color:#16142b;font-weight:800;text-decoration:none}
.listing__tickets-link:focus-visible{outline:3px solid #fff;outline-offset:2px}
.listing__description{margin:.85rem 0 0;white-space:pre-line;overflow-wrap:anywhere}
.listing__tags{display:flex;flex-wrap:wrap;gap:.35rem;list-style:none;margin:.8rem 0 0;padding:0;font-size:.85rem}
.listing__tags li{padding:.05rem .55rem;border-radius:999px;background:rgb(255 255 255/14%)}
.listing__change{margin:0;padding:.85rem 1.1rem;display:grid;gap:.2rem;background:#b3261e;color:#fff;font-size:1rem;line-height:1.4}
.listing__change--postponed,.listing__change--moved{background:#ffd166;color:#16142b}
.listing__change-word{font-size:1.25rem;font-weight:850;letter-spacing:.02em;text-transform:uppercase}
.listing__change-note{white-space:pre-line;overflow-wrap:anywhere}
.listing__badge--sold-out{background:#fff;color:#b3261e}
.listing__sold-out{margin:1rem 0 0;font-weight:750;color:#ffd166}
`;
