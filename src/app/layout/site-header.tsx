import { Link, NavLink } from '../../components/link.tsx';
import { brand } from '../../brand.ts';
import { BrandMark } from '../../components/brand-mark.tsx';
import { useAuth } from '../../stores/auth-store.ts';
import { openPanel } from './panel-store.ts';

export function SiteHeader() {
  const signedIn = useAuth((s) => s.status === 'signed-in');
  return (
    <header className={signedIn ? 'site-header site-header--signed-in' : 'site-header'}>
      <div className="site-header__inner">
        <Link to="/" className="brand-link" aria-label={`${brand.name} home`}>
          <BrandMark />
          <span className="brand-link__name">{brand.name}</span>
        </Link>
        <nav aria-label="Main" className="site-header__nav">
          <NavLink to="/about" className="nav-link nav-link--wide">
            About
          </NavLink>
          <NavLink to="/faq" className="nav-link nav-link--wide">
            FAQ
          </NavLink>
          <NavLink to="/contact" className="nav-link nav-link--roomy">
            Contact
          </NavLink>
          {signedIn ? (
            <>
              <NavLink to="/dashboard" className="nav-link">
                Dashboard
              </NavLink>
              <button type="button" className="button button--ghost logout-button" onClick={() => void signOut()}>
                Logout
              </button>
            </>
          ) : (
            <button type="button" className="button button--primary" onClick={() => openPanel('login')}>
              Get Started
            </button>
          )}
          <button
            type="button"
            className="button button--ghost menu-button"
            aria-haspopup="dialog"
            onClick={() => openPanel('menu')}
          >
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 18 18">
              <path d="M2 4h14M2 9h14M2 14h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="menu-button__label">Menu</span>
          </button>
        </nav>
      </div>
    </header>
  );
}

/** Sign-out code (IndexedDB, the outbox check) loads on demand, keeping it out of the first-visit bundle. */
async function signOut(): Promise<void> {
  // Unsent changes: warn how many would be lost, and let the user wait instead.
  const { confirmLogout } = await import('../../stores/sync-logout.ts');
  if (!(await confirmLogout())) return;
  const { logout } = await import('../../stores/auth-actions.ts');
  await logout();
}
