import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { replayEarlyClick } from './early-click.ts';
import { openPanel } from './panel-store.ts';
import { SidePanelSlot } from './side-panel-slot.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

export function RootLayout() {
  // After the page's own effects (its islands listen by then).
  useEffect(replayEarlyClick, []);
  useLoginParam();
  usePageTitle();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="app__main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <SidePanelSlot />
      <UpdatePrompt />
    </div>
  );
}

/** `/?login=1` (where /login redirects) opens the Log in tab, then the parameter goes. */
function useLoginParam() {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    if (params.get('login') !== '1') return;
    openPanel('login');
    const next = new URLSearchParams(params);
    next.delete('login');
    setParams(next, { replace: true });
  }, [params, setParams]);
}

/**
 * Public pages' titles on client-side navigation. A prerendered page arrives
 * with its title, so the table loads only when the visitor moves on (it stays
 * out of the first visit's JavaScript).
 */
function usePageTitle() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    // A prerendered page arrives with its title; the app's shell (e.g. /login, which redirects
    // in the page to /?login=1) has none, so its first route still needs one.
    if (first.current) {
      first.current = false;
      if (document.title.trim()) return;
    }
    void import('../../content/page-meta.ts').then(({ pageTitles }) => {
      const title = pageTitles[pathname];
      if (title && window.location.pathname === pathname) document.title = title;
    });
  }, [pathname]);
}
