/**
 * A listing card's Insights button (contract §10). The view behind it — the
 * figures, the chart, the offline copy — loads when it is first opened.
 */
import { actingMembership, useAccount } from '../../stores/account-store.ts';
import { useAuth } from '../../stores/auth-store.ts';
import { ListingDialogButton } from '../lazy/listing-dialog-button.tsx';
import { onDemand } from '../lazy/on-demand.ts';

const viewCode = onDemand(() => import('./insights-dialog.tsx'));

/** Fetches the view's code ahead of the first tap (a screen of cards does, when idle). */
export function prefetchInsights(): Promise<unknown> {
  return viewCode.load();
}

export function InsightsButton({ target, title }: { target: string; title: string }) {
  const userId = useAuth((s) => s.user?.id);
  // Insights are a manager's and the owner's (contract §12): an editor acting for the owner gets no button.
  const editor = useAccount((s) => actingMembership(s, userId)?.role === 'editor');
  if (editor) return null;
  return (
    <ListingDialogButton
      label="Insights"
      code={viewCode}
      content={(m) => m.InsightsView}
      target={target}
      title={title}
    />
  );
}
