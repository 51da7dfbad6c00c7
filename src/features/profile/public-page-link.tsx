/**
 * The account's public page (`/p/{display_name}`, contract §10) on the
 * Profile screen: the link itself, Share and a QR poster, so a promoter has
 * one address for "all my events" to put in a bio or on a wall. It shows the
 * saved name: the page follows the server, not an unsaved edit.
 */
import '../../components/share/share.css';
import './account-forms.css';
import { brand } from '../../brand.ts';
import { Link } from '../../components/link.tsx';
import { ShareButton } from '../../components/share/share-button.tsx';
import { promoterPath } from '../../shared/contract/promoter-url.ts';

/** Absolute URL of the public page, on the origin the dashboard was reached at. */
export function publicPageUrl(displayName: string, origin = window.location.origin): string {
  return origin + promoterPath(displayName);
}

export function PublicPageLink({
  displayName,
  publicName,
}: {
  displayName: string;
  /** null while another account holds the name; undefined when the stored profile predates public names. */
  publicName?: string | null | undefined;
}) {
  if (!displayName) return null;
  if (publicName === null) {
    return (
      <section className="dash-card account-form public-page" aria-labelledby="public-page-title">
        <h2 id="public-page-title">Your public page</h2>
        <p>
          Another account already uses “{displayName}” for its public page, so yours has no address yet. Choose a
          different display name above and save: your page is then at /p/ and the new name.
        </p>
      </section>
    );
  }
  const pageName = publicName ?? displayName;
  const url = publicPageUrl(pageName);
  return (
    <section className="dash-card account-form public-page" aria-labelledby="public-page-title">
      <h2 id="public-page-title">Your public page</h2>
      <p>All your upcoming events on one page, with a calendar feed people can subscribe to.</p>
      <p className="public-page__url">
        <a href={url} target="_blank" rel="noopener">
          {url}
        </a>
      </p>
      <span className="share-actions">
        <ShareButton url={url} title={`${pageName} on ${brand.name}`} text="All my upcoming events" />
        <Link className="button button--small button--quiet" to="/dashboard/profile/poster">
          QR poster
        </Link>
      </span>
    </section>
  );
}
