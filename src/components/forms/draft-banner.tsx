/** Offers a draft back: "Restore" puts its values in the form, "Discard" deletes it. */
import { useDrafts } from '../../stores/drafts-store.ts';

interface DraftBannerProps {
  draftKey: string;
  onRestore: (data: unknown) => void;
  onDiscard: () => void;
}

export function DraftBanner({ draftKey, onRestore, onDiscard }: DraftBannerProps) {
  const draft = useDrafts((s) => s.offered[draftKey]);
  if (!draft) return null;
  const when = new Date(draft.savedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="draft-banner" role="region" aria-label="Unsaved draft">
      <p>You have unsaved changes from {when}.</p>
      <div className="actions">
        <button type="button" className="button button--small button--primary" onClick={() => onRestore(draft.data)}>
          Restore draft
        </button>
        <button type="button" className="button button--small button--ghost" onClick={onDiscard}>
          Discard draft
        </button>
      </div>
    </div>
  );
}
