/**
 * A listing card's Insights button (contract §10). The view behind it — the
 * figures, the chart, the offline copy — loads when it is first opened.
 */
import { ListingDialogButton } from '../lazy/listing-dialog-button.tsx';
import { onDemand } from '../lazy/on-demand.ts';

const viewCode = onDemand(() => import('./insights-dialog.tsx'));

/** Fetches the view's code ahead of the first tap (a screen of cards does, when idle). */
export function prefetchInsights(): Promise<unknown> {
  return viewCode.load();
}

export function InsightsButton({ target, title }: { target: string; title: string }) {
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
