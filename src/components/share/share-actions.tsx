/**
 * Share and QR poster for one listing, as a dashboard card or page shows
 * them (contract §7). The poster link appears once the listing has a public
 * address; until then Share explains why there is nothing to share yet
 * (not synced, or a draft: publish first).
 * The shared link carries `?src=share` for the listing's insights.
 */
import './share.css';
import { Link } from '../link.tsx';
import { publicListingUrl, publishedId, withSource } from './listing-link.ts';
import { SHARE_DRAFT, ShareButton } from './share-button.tsx';

interface ShareActionsProps {
  /** The record's outbox target: `event:12`, or `event:tmp-…` before it is sent. */
  target: string;
  title: string;
  /** One line for the share sheet, e.g. when and where. */
  text?: string;
  /** A draft has no public page: Share says to publish first, and there is no poster. */
  draft?: boolean;
}

export function ShareActions({ target, title, text = '', draft = false }: ShareActionsProps) {
  const id = draft ? null : publishedId(target);
  const url = draft ? null : publicListingUrl(target, title);
  return (
    <span className="share-actions">
      <ShareButton
        url={url === null ? null : withSource(url, 'share')}
        title={title}
        text={text}
        {...(draft ? { notYet: SHARE_DRAFT } : {})}
      />
      {id !== null ? (
        <Link className="button button--small button--quiet" to={`/dashboard/poster/${id}`}>
          QR poster
        </Link>
      ) : null}
    </span>
  );
}
