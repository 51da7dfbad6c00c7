/**
 * The HTML documents of the public listing pages: the listing itself (its
 * body is the shared ListingView, rendered to a string) and the 404 page.
 * Every absolute URL comes from the configured public origin. CSS is inline
 * (the CSP allows inline styles, never inline scripts), so the first paint
 * needs this one response; the only script is the bundled module that keeps
 * the page for offline reading, started after the first paint.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { brand } from '../../src/brand.ts';
import type { ListingViewModel } from '../../src/components/listing/listing-model.ts';
import { LISTING_CSS } from '../../src/components/listing/listing-styles.ts';
import { ListingView, type ListingMicroformat } from '../../src/components/listing/listing-view.tsx';
import { PAGE_BOOT_SCRIPT } from '../http/page-boot-script.ts';

const PAGE_CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.5;background:#fbf7f1;color:#16142b}
a{color:inherit}
a:focus-visible{outline:3px solid #2b59ff;outline-offset:2px}
.site-header,.site-footer{max-width:44rem;margin:0 auto;padding:.9rem 1rem;display:flex;gap:1rem;align-items:center;justify-content:space-between;flex-wrap:wrap}
.site-header__brand{font-weight:800;font-size:1.15rem;text-decoration:none}
.site-footer{font-size:.9rem;color:#5b5873}
.site-footer nav{display:flex;gap:1rem;flex-wrap:wrap}
main{max-width:44rem;margin:0 auto;padding:0 1rem 2rem}
.get-app{margin-top:1.2rem;padding-top:1rem;border-top:1px solid rgb(255 255 255/18%)}
.get-app p{margin:0 0 .6rem;color:#f3f1fb}
.button{display:inline-block;padding:.65rem 1.2rem;border-radius:999px;background:#ff6b4a;color:#16142b;font-weight:750;text-decoration:none}
.button:focus-visible{outline:3px solid #fff;outline-offset:2px}
.listing-by{margin:.8rem 0 0;color:#f3f1fb}
.listing-by a{color:#ffd166;font-weight:650}
.listing-by a:focus-visible{outline:3px solid #ffd166;outline-offset:2px}
.listing-actions{margin:1rem 0 0;display:flex;flex-wrap:wrap;gap:.6rem}
.button--quiet{background:transparent;color:#fff;box-shadow:inset 0 0 0 2px #ffd166}
button.button{font:inherit;font-weight:750;min-height:44px;border:0;cursor:pointer}
.listing-actions__status{align-self:center;color:#f3f1fb;overflow-wrap:anywhere}
.follow{margin:.75rem 0;display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.follow button{font:inherit;font-weight:750;min-height:44px;padding:.5rem 1.1rem;border:0;border-radius:999px;background:#ff6b4a;color:#16142b;cursor:pointer}
.follow button:disabled{opacity:.6}
.follow :focus-visible{outline:3px solid #2b59ff;outline-offset:2px}
.follow details{flex-basis:100%}
.follow summary{cursor:pointer;min-height:44px;display:inline-flex;align-items:center;text-decoration:underline}
.follow form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end;margin-top:.3rem}
.follow label{display:flex;flex-direction:column;gap:.2rem;font-weight:650;font-size:.9rem}
.follow input{font:inherit;min-height:44px;min-width:min(16rem,100%);padding:.5rem .7rem;border:1px solid #8a86a3;border-radius:.6rem;background:#fff;color:#16142b}
.follow__status{margin:0;flex-basis:100%}
.not-found{padding:2rem 0}
.not-found .button{color:#16142b}
`;

export interface DocumentHead {
  title: string;
  description: string;
  /** Absolute. */
  canonical: string | null;
  /** Absolute. */
  image: string | null;
  jsonLd: string | null;
  /** `<link rel="alternate">`s: the page's feeds and its oEmbed description (contract §11). */
  alternates?: readonly AlternateLink[];
}

export interface AlternateLink {
  type: 'text/calendar' | 'application/atom+xml' | 'application/json+oembed';
  /** Absolute. */
  href: string;
  title: string;
}

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function headTags(head: DocumentHead): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}">` : '',
    head.canonical ? meta('property', 'og:type', 'website') : '',
    head.canonical ? meta('property', 'og:site_name', brand.name) : '',
    head.canonical ? meta('property', 'og:title', head.title) : '',
    head.canonical ? meta('property', 'og:description', head.description) : '',
    head.canonical ? meta('property', 'og:url', head.canonical) : '',
    head.image ? meta('property', 'og:image', head.image) : '',
    head.canonical ? meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary') : '',
    head.canonical ? meta('name', 'twitter:title', head.title) : '',
    head.canonical ? meta('name', 'twitter:description', head.description) : '',
    head.image ? meta('name', 'twitter:image', head.image) : '',
    ...(head.alternates ?? []).map(
      (link) =>
        `<link rel="alternate" type="${link.type}" href="${escapeHtml(link.href)}" title="${escapeHtml(link.title)}">`,
    ),
    head.jsonLd ? `<script type="application/ld+json">${head.jsonLd}</script>` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * The page's modules start after its largest paint, through the one inline
 * script the CSP allows by hash (server/http/page-boot-script.ts): the page
 * text never waits for them. They are not the app but a few hundred bytes that
 * keep the page for offline reading (src/listing-page.ts), so unlike the
 * prerendered pages' app they do not wait for the first interaction.
 */
function bootScript(scripts: readonly string[]): string {
  if (!scripts.length) return '';
  return `<script data-boot="paint" data-modules="${escapeHtml(scripts.join(' '))}">${PAGE_BOOT_SCRIPT}</script>`;
}

/** The page around `main`: head tags, inline CSS (`extraCss` after the shared rules), header, footer, boot script. */
export function pageDocument(head: DocumentHead, main: string, scripts: readonly string[], extraCss = ''): string {
  const download = `/${brand.slug}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="${brand.themeColor}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">
<link rel="manifest" href="/manifest.webmanifest">
${headTags(head)}
<style>${PAGE_CSS}${LISTING_CSS}${extraCss}</style>
</head>
<body>
<header class="site-header"><a class="site-header__brand" href="/">${brand.name}</a><a href="${download}">Get the app</a></header>
<main id="main">${main}</main>
<footer class="site-footer"><span>© ${brand.name}</span><nav aria-label="Footer"><a href="/about">About</a><a href="/privacy">Privacy</a><a href="/terms">Terms</a><a href="/contact">Contact</a></nav></footer>
${bootScript(scripts)}
</body>
</html>
`;
}

/** Links the page adds below the listing; each absent when null. */
export interface ListingActions {
  /** The .ics link of "Add to calendar" (http/calendar-add.ts) for an event with a time; null for a business listing. */
  calendar: string | null;
  /** The organiser's `/p/` page. */
  organizer: { name: string; href: string } | null;
  /** The venue that approved this event (contract §10): "at {venue}". */
  venue?: { title: string; href: string } | null;
  /** A venue's approved upcoming events, under "What's on"; absent on an event's page. */
  whatsOn?: readonly { title: string; when: string; href: string }[] | null;
  /** An event's h-event data (a business listing has none). */
  microformat?: ListingMicroformat | null;
}

const WHATS_ON_CSS = `
.whats-on h2{font-size:1.2rem;margin:1.5rem 0 .6rem}
.whats-on ul{list-style:none;margin:0;padding:0;display:grid;gap:.6rem}
.whats-on a{display:block;padding:.8rem 1rem;border-radius:16px;background:rgb(255 255 255 / 8%);box-shadow:inset 0 0 0 1px rgb(255 255 255 / 22%);color:#f3f1fb;text-decoration:none}
.whats-on a:hover{background:rgb(255 255 255 / 14%)}
.whats-on a:focus-visible{outline:3px solid #ffd166;outline-offset:2px}
.whats-on strong{display:block;color:#ffd166;overflow-wrap:anywhere}
.whats-on span{display:block;color:#e4e1f3;font-size:.95rem}
.whats-on p{color:#e4e1f3}
`;

function whatsOnSection(items: NonNullable<ListingActions['whatsOn']>) {
  return createElement(
    'section',
    { className: 'whats-on', 'aria-labelledby': 'whats-on' },
    createElement('h2', { id: 'whats-on' }, "What's on"),
    items.length
      ? createElement(
          'ul',
          null,
          ...items.map((item) =>
            createElement(
              'li',
              { key: item.href },
              createElement(
                'a',
                { href: item.href },
                createElement('strong', null, item.title),
                item.when ? createElement('span', null, item.when) : null,
              ),
            ),
          ),
        )
      : createElement('p', null, 'Nothing listed here yet.'),
  );
}

/** "By {organizer}", "at {venue}": a line of text ending in a link. */
function linkLine(className: string, lead: string, href: string, text: string) {
  return createElement('p', { className }, lead, createElement('a', { href }, text));
}

export function listingDocument(
  listing: ListingViewModel,
  head: DocumentHead,
  scripts: readonly string[],
  actions: ListingActions = { calendar: null, organizer: null },
): string {
  const organizer = actions.organizer
    ? linkLine('listing-by', 'By ', actions.organizer.href, actions.organizer.name)
    : null;
  const venue = actions.venue
    ? linkLine('listing-by listing-venue', 'at ', actions.venue.href, actions.venue.title)
    : null;
  const whatsOn = actions.whatsOn ? whatsOnSection(actions.whatsOn) : null;
  const calendar = actions.calendar
    ? createElement(
        'p',
        { className: 'listing-actions' },
        createElement(
          'a',
          { className: 'button button--quiet', href: actions.calendar, download: '' },
          'Add to calendar',
        ),
      )
    : null;
  const cta = createElement(
    'section',
    { className: 'get-app', 'aria-label': `Get the ${brand.name} app` },
    createElement('p', null, `Save it, get a reminder and find more like it in the ${brand.name} app.`),
    createElement('a', { className: 'button', href: `/${brand.slug}` }, 'Get the app'),
  );
  const body = renderToString(
    createElement(
      ListingView,
      { listing, titleAs: 'h1', coverPriority: true, microformat: actions.microformat ?? null },
      venue,
      organizer,
      calendar,
      whatsOn,
      cta,
    ),
  );
  return pageDocument(head, body, scripts, whatsOn ? WHATS_ON_CSS : undefined);
}

/** The 404 page of a listing, or with `what` = "page" of a promoter's or venue's page. */
export function notFoundDocument(what: 'listing' | 'page' = 'listing'): string {
  const reason =
    what === 'listing'
      ? 'It may have been removed by its organiser, or the link is mistyped.'
      : 'Nobody on ' + brand.name + ' goes by that name now, or the link is mistyped.';
  const main = `<section class="not-found"><h1>We could not find that ${what}</h1>
<p>${reason}</p>
<p><a class="button" href="/">Go to the home page</a></p></section>`;
  return pageDocument(
    {
      title: `${what === 'listing' ? 'Listing' : 'Page'} not found — ${brand.name}`,
      description: `This ${what} does not exist or was removed.`,
      canonical: null,
      image: null,
      jsonLd: null,
    },
    main,
    [],
  );
}
