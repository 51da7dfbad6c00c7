import { useState } from 'react';
import { Link } from '../../components/link.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { LoginPanel } from '../../features/auth/login-panel.tsx';
import { closePanel, selectPanelTab, usePanel, type PanelTab } from './panel-store.ts';

export function SidePanel() {
  const { open, tab } = usePanel();
  return (
    <Dialog open={open} onClose={closePanel} label="Site menu" className="side-panel">
      <div className="side-panel__top">
        <button type="button" className="icon-button" aria-label="Close menu" onClick={closePanel}>
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
            <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <Tabs<PanelTab>
        label="Site menu sections"
        className="side-panel__tabs"
        selected={tab}
        onSelect={selectPanelTab}
        items={[
          { key: 'menu', label: 'Menu', panel: <MenuLinks /> },
          { key: 'login', label: 'Log in', panel: <LoginPanel onDone={closePanel} /> },
        ]}
      />
    </Dialog>
  );
}

function MenuLinks() {
  const [legalOpen, setLegalOpen] = useState(false);
  const link = (to: string, label: string) => (
    <li>
      <Link to={to} className="panel-link" onClick={closePanel}>
        {label}
      </Link>
    </li>
  );
  return (
    <nav aria-label="Site">
      <ul className="panel-links">
        {link('/', 'Home')}
        {link('/about', 'About')}
        {link('/issue', 'Report an Issue')}
        {link('/faq', 'FAQ')}
        <li>
          <button
            type="button"
            className="panel-link panel-link--disclosure"
            aria-expanded={legalOpen}
            aria-controls="legal-links"
            onClick={() => setLegalOpen((value) => !value)}
          >
            Legal Policies
            <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14" className="chevron">
              <path d="M3 5l4 4 4-4" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
            </svg>
          </button>
          <ul id="legal-links" className="panel-links panel-links--nested" hidden={!legalOpen}>
            {link('/terms', 'Terms')}
            {link('/privacy', 'Privacy')}
            {link('/delete', 'Delete Account')}
            {link('/child-safety', 'Child Safety')}
          </ul>
        </li>
        {link('/contact', 'Contact')}
      </ul>
    </nav>
  );
}
