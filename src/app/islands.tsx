/**
 * What each island of a prerendered page hydrates with (see
 * src/components/island.tsx). Each loader imports only that control's module.
 */
import type { ReactNode } from 'react';
import { InstallApp } from '../components/install-app.tsx';
import type { IslandName } from '../components/island.tsx';

export const islands: Record<IslandName, (island: HTMLElement) => Promise<ReactNode>> = {
  'issue-form': () => import('../features/issue/issue-form.tsx').then(({ IssueForm }) => <IssueForm />),
  'faq-search': (island) =>
    import('../features/faq/faq-search-panel.tsx').then(async ({ FaqSearchPanel, faqEntriesAround }) => (
      <FaqSearchPanel entries={await faqEntriesAround(island)} />
    )),
  'ios-beta': () => import('../features/marketing/ios-beta.tsx').then(({ IosBeta }) => <IosBeta />),
  // Already in the entry chunk (the footer shows it too).
  'install-app': () => Promise.resolve(<InstallApp />),
};
