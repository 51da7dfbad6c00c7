import { useEffect } from 'react';
import { Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { pageTitles } from '../../content/page-meta.ts';
import { openPanel } from './panel-store.ts';
import { SidePanelSlot } from './side-panel-slot.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

export function RootLayout() {
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

function usePageTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    const title = pageTitles[pathname];
    if (title) document.title = title;
  }, [pathname]);
}
