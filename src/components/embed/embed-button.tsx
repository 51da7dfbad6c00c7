/**
 * An event card's Embed button (contract §11). The panel behind it — the
 * iframe code to copy and a live preview of the frame — loads when it is
 * first opened.
 */
import { ListingDialogButton } from '../lazy/listing-dialog-button.tsx';
import { onDemand } from '../lazy/on-demand.ts';

const panelCode = onDemand(() => import('./embed-panel.tsx'));

export function EmbedButton({ target, title }: { target: string; title: string }) {
  return (
    <ListingDialogButton label="Embed" code={panelCode} content={(m) => m.EmbedPanel} target={target} title={title} />
  );
}
