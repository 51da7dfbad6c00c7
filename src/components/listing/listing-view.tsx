/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas above let the API server (run by tsx with no JSX setting of its
// own) render this file too: it is the public listing page's body.
/**
 * One listing as people see it: cover, badges, title, when (a weekly series:
 * its days, hours and next dates) or opening hours, place with a maps link,
 * price, Get tickets, category, description and keywords. The public page
 * (`/e/{id}/{slug}`, rendered on the server) and the dashboard's live preview
 * both render this, so the preview is the page. No hooks, no CSS imports:
 * styles come from ./listing-styles.ts as text.
 */
import type { ReactNode } from 'react';
import { imageSources } from '../../shared/contract/media-url.ts';
import type { ListingViewModel } from './listing-model.ts';

/** The cover is drawn 16:9; these are its attributes, so the box is reserved before it loads. */
export const COVER_WIDTH = 1600;
export const COVER_HEIGHT = 900;
/** How wide the cover is drawn on the public page (main is 44rem with 1rem padding), so a phone fetches a small copy. */
export const PAGE_COVER_SIZES = '(min-width: 44rem) 42rem, calc(100vw - 2rem)';

interface ListingViewProps {
  listing: ListingViewModel;
  /** `h1` on the public page; a paragraph inside the dashboard, whose page has its own heading. */
  titleAs?: 'h1' | 'p';
  /** The largest paint of the public page: fetch it first. */
  coverPriority?: boolean;
  placeholderTitle?: string;
  /** The cover's `sizes` where it is drawn narrower than on the public page. */
  coverSizes?: string;
  /** On a public page: marks the listing up as a microformats2 h-event (contract §11). */
  microformat?: ListingMicroformat | null;
  children?: ReactNode;
}

/** What an h-event says that the view does not show as such: its address and machine-readable times. */
export interface ListingMicroformat {
  /** Absolute URL of the listing's page. */
  url: string;
  /** ISO 8601, with the zone's offset when there is a time. */
  start: string;
  end: string | null;
}

export function ListingView({
  listing,
  titleAs = 'p',
  coverPriority = false,
  placeholderTitle,
  coverSizes = PAGE_COVER_SIZES,
  microformat = null,
  children,
}: ListingViewProps) {
  const Title = titleAs;
  // h-event property classes only where the root is there too, so the dashboard preview stays plain.
  const mf = (name: string) => (microformat ? ` ${name}` : '');
  const title = listing.title.trim() || placeholderTitle || 'Untitled';
  return (
    <article className={`listing${mf('h-event')}`}>
      {microformat ? (
        <>
          <data className="u-url" value={microformat.url} />
          <data className="dt-start" value={microformat.start} />
          {microformat.end ? <data className="dt-end" value={microformat.end} /> : null}
        </>
      ) : null}
      {listing.change ? (
        <p className={`listing__change listing__change--${listing.change.kind}`} role="status">
          <strong className="listing__change-word">{listing.change.label}</strong>
          {listing.change.note ? <span className="listing__change-note">{listing.change.note}</span> : null}
        </p>
      ) : null}
      <div className="listing__cover">
        {listing.coverUrl ? (
          <img
            src={listing.coverUrl}
            {...imageSources(listing.coverUrl, coverSizes)}
            alt=""
            width={COVER_WIDTH}
            height={COVER_HEIGHT}
            {...(coverPriority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
          />
        ) : (
          <span aria-hidden="true">✦</span>
        )}
        <span className="listing__badges">
          {listing.kind === 'business' ? (
            <span className="listing__badge listing__badge--business">Business</span>
          ) : null}
          {listing.sponsored ? <span className="listing__badge">Event</span> : null}
          {listing.soldOut ? <span className="listing__badge listing__badge--sold-out">Sold out</span> : null}
        </span>
      </div>
      <div className="listing__body">
        <Title className={`listing__title${mf('p-name')}`}>{title}</Title>
        {listing.category ? (
          <p className="listing__category">{[listing.category, listing.subcategory].filter(Boolean).join(' · ')}</p>
        ) : null}
        <dl className="listing__facts">
          {listing.schedule ? (
            <Fact label="When">
              {listing.schedule.text}
              {listing.schedule.next.length > 0 ? (
                <span className="listing__next">{`Next: ${listing.schedule.next.join(' · ')}`}</span>
              ) : null}
            </Fact>
          ) : listing.when ? (
            <Fact label="When">{listing.when}</Fact>
          ) : null}
          {listing.hours.length > 0 ? (
            <Fact label="Opening hours">
              <ul className="listing__hours">
                {listing.hours.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </Fact>
          ) : null}
          {listing.place ? (
            <Fact label="Where">
              {microformat ? <span className="p-location">{listing.place}</span> : listing.place}
              {listing.address ? (
                <>
                  <br />
                  <span className="listing__address">{listing.address}</span>
                </>
              ) : null}
              {listing.maps ? (
                <>
                  {' '}
                  <a className="listing__map" href={listing.maps.web} rel="noopener">
                    Open in maps
                  </a>
                </>
              ) : null}
            </Fact>
          ) : null}
          {listing.price ? <Fact label="Price">{listing.price}</Fact> : null}
        </dl>
        {listing.soldOut && !listing.change ? (
          <p className="listing__sold-out">Sold out: no tickets are left.</p>
        ) : null}
        {listing.ticketUrl ? (
          <p className="listing__tickets">
            <a className="listing__tickets-link" href={listing.ticketUrl} rel="nofollow ugc noopener">
              Get tickets
            </a>
          </p>
        ) : null}
        {listing.description.trim() ? (
          <p className={`listing__description${mf('p-summary')}`}>{listing.description.trim()}</p>
        ) : null}
        {listing.keywords.length > 0 ? (
          <ul className="listing__tags">
            {listing.keywords.map((keyword) => (
              <li key={keyword}>{`#${keyword}`}</li>
            ))}
          </ul>
        ) : null}
        {children}
      </div>
    </article>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="listing__fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
