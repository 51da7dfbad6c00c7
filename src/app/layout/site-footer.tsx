import { Link } from '../../components/link.tsx';
import { brand } from '../../brand.ts';
import { InstallApp } from '../../components/install-app.tsx';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <p className="site-footer__name">{brand.name}</p>
          <p>{brand.tagline}.</p>
          <InstallApp className="site-footer__install" />
        </div>
        <nav aria-label="Footer" className="site-footer__nav">
          <div>
            <h2 className="site-footer__heading">Product</h2>
            <ul>
              <li>
                <Link to={`/${brand.slug}`}>Get the app</Link>
              </li>
              <li>
                <Link to="/about">About</Link>
              </li>
              <li>
                <Link to="/faq">FAQ</Link>
              </li>
              <li>
                <Link to="/dashboard">Business dashboard</Link>
              </li>
            </ul>
          </div>
          <div>
            <h2 className="site-footer__heading">Support</h2>
            <ul>
              <li>
                <Link to="/contact">Contact</Link>
              </li>
              <li>
                <Link to="/issue">Report an issue</Link>
              </li>
              <li>
                <Link to="/delete">Delete your account</Link>
              </li>
            </ul>
          </div>
          <div>
            <h2 className="site-footer__heading">Legal</h2>
            <ul>
              <li>
                <Link to="/terms">Terms</Link>
              </li>
              <li>
                <Link to="/privacy">Privacy</Link>
              </li>
              <li>
                <Link to="/child-safety">Child safety</Link>
              </li>
            </ul>
          </div>
        </nav>
        <p className="site-footer__legal">© 2026 {brand.name}. For adults aged 18 and over.</p>
      </div>
    </footer>
  );
}
