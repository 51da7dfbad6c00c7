/**
 * A card's button that opens a dialog about one published listing (Insights,
 * Embed) whose code loads on the first tap (on-demand.ts): the Events screen's
 * first load carries one button per card, not the dialogs. A listing created
 * offline has no public id yet, so it gets no button.
 */
import { useState, type ComponentType } from 'react';
import { publishedId } from '../share/listing-link.ts';
import { Dialog } from '../ui/dialog.tsx';
import type { OnDemand } from './on-demand.ts';

/** What such a dialog's content is given. */
export interface ListingDialogProps {
  eventId: number;
  title: string;
  onClose: () => void;
}

export function ListingDialogButton<M>({
  label,
  code,
  content,
  target,
  title,
}: {
  /** The button's name, and the first word of the dialog's. */
  label: string;
  code: OnDemand<M>;
  /** The dialog's content, out of the loaded module. */
  content: (module: M) => ComponentType<ListingDialogProps>;
  target: string;
  title: string;
}) {
  const id = publishedId(target);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  if (id === null) return null;
  const loaded = code.get();
  const Content = loaded ? content(loaded) : null;
  const show = () =>
    code.load().then(
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
        {label}
      </button>
      {failed ? (
        <span className="field__error" role="alert">
          {label} could not open: check your connection and try again.
        </span>
      ) : null}
      {Content ? (
        <Dialog open={open} onClose={() => setOpen(false)} label={`${label}: ${title}`} className="form-modal">
          <Content eventId={id} title={title} onClose={() => setOpen(false)} />
        </Dialog>
      ) : null}
    </>
  );
}
