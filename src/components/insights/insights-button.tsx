/**
 * A listing card's Insights button (contract §10). The view behind it — the
 * figures, the chart, the offline copy — loads when it is first opened, so the
 * cards of the Events screen cost one button each.
 */
import { useState } from 'react';
import { onDemand } from '../lazy/on-demand.ts';
import { publishedId } from '../share/listing-link.ts';
import { Dialog } from '../ui/dialog.tsx';

const viewCode = onDemand(() => import('./insights-dialog.tsx'));

export function InsightsButton({ target, title }: { target: string; title: string }) {
  const id = publishedId(target);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  if (id === null) return null;
  const View = viewCode.get()?.InsightsView;
  const show = () =>
    viewCode.load().then(
      () => {
        setFailed(false);
        setOpen(true);
      },
      () => setFailed(true),
    );
  return (
    <>
      <button
        type="button"
        className="button button--small button--quiet"
        aria-haspopup="dialog"
        onClick={() => void show()}
      >
        Insights
      </button>
      {failed ? (
        <span className="field__error" role="alert">
          Insights could not open: check your connection and try again.
        </span>
      ) : null}
      {View ? (
        <Dialog open={open} onClose={() => setOpen(false)} label={`Insights: ${title}`} className="form-modal">
          <View eventId={id} title={title} onClose={() => setOpen(false)} />
        </Dialog>
      ) : null}
    </>
  );
}
