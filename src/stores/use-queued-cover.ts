/**
 * The cover a queued write carries (an event created or edited offline with a new image),
 * as an object URL for its card: the card shows the picture the user chose, waiting to
 * be sent, not a placeholder. The Blob is read from the outbox entry in IndexedDB; the
 * URL is revoked when the card no longer shows it.
 */
import { useEffect, useState } from 'react';
import { openDatabase } from '../shared/db/open-database.ts';
import { readEntry } from '../shared/outbox/outbox-repository.ts';
import { useSync } from './sync-store.ts';

/** The newest unsent entry for `target` that carries a cover, if any. */
function coverEntryId(views: ReturnType<typeof useSync.getState>['views'], target: string): string | null {
  let id: string | null = null;
  for (const view of views)
    if (view.target === target && view.hasImage && (view.kind === 'event.create' || view.kind === 'event.update'))
      id = view.id;
  return id;
}

export function useQueuedCover(target: string): string | null {
  const entryId = useSync((s) => coverEntryId(s.views, target));
  const [url, setUrl] = useState<{ entryId: string; url: string } | null>(null);
  useEffect(() => {
    if (entryId === null) return;
    let live = true;
    let made: string | null = null;
    void openDatabase()
      .then((db) => readEntry(db, entryId))
      .then((entry) => {
        const intent = entry?.intent;
        const cover =
          intent && (intent.kind === 'event.create' || intent.kind === 'event.update') ? intent.cover : undefined;
        if (!live || !cover) return;
        made = URL.createObjectURL(cover);
        setUrl({ entryId, url: made });
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [entryId]);
  return url && url.entryId === entryId ? url.url : null;
}
