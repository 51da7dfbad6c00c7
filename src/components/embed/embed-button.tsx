/**
 * An event card's Embed button (contract §11). The panel behind it — the
 * iframe code to copy and a live preview of the frame — loads when it is
 * first opened, so the Events screen's first load carries one button per card.
 */
import { useState } from 'react';
import { onDemand } from '../lazy/on-demand.ts';
import { publishedId } from '../share/listing-link.ts';
import { Dialog } from '../ui/dialog.tsx';

const panelCode = onDemand(() => import('./embed-panel.tsx'));

export function EmbedButton({ target, title }: { target: string; title: string }) {
  const id = publishedId(target);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  // A listing created offline has no public page yet, so nothing to frame.
  if (id === null) return null;
  const Panel = panelCode.get()?.EmbedPanel;
  const show = () =>
    panelCode.load().then(
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
        Embed
      </button>
      {failed ? (
        <span className="field__error" role="alert">
          Embed could not open: check your connection and try again.
        </span>
      ) : null}
      {Panel ? (
        <Dialog open={open} onClose={() => setOpen(false)} label={`Embed: ${title}`} className="form-modal">
          <Panel eventId={id} title={title} onClose={() => setOpen(false)} />
        </Dialog>
      ) : null}
    </>
  );
}
