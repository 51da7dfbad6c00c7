/**
 * /dashboard/profile/poster: the printable QR poster of the account's
 * public page (`/p/{display_name}`), made on the device like a listing's.
 */
import { Link } from '../../components/link.tsx';
import { useDocumentTitle } from '../../components/forms/use-document-title.ts';
import { QrPoster } from '../../components/share/qr-poster.tsx';
import { useAuth } from '../../stores/auth-store.ts';
import { publicPageUrl } from './public-page-link.tsx';

export function Component() {
  useDocumentTitle('QR poster', 'dashboard');
  const user = useAuth((s) => s.user);
  // The page's address is the held public name; profiles stored before public names fall back to the display name.
  const name = (user?.public_name === undefined ? user?.display_name : user.public_name) ?? '';
  return (
    <section className="dash-page" aria-labelledby="poster-title">
      <div className="dash-page__head">
        <h1 id="poster-title">QR poster</h1>
        <Link to="/dashboard/profile">Back</Link>
      </div>
      {name ? (
        <QrPoster
          record={{ title: name, bio: user?.bio ?? '' }}
          url={publicPageUrl(name)}
          fileName={`${name.replace(/[^\w.-]/g, '_')}-qr.png`}
        />
      ) : (
        <p className="alert alert--error" role="alert">
          Choose a display name nobody else uses on your profile first: it is the address of your page.
        </p>
      )}
    </section>
  );
}
