/**
 * The cover a queued write carries (an event created or edited offline with a new image):
 * its card shows the picture the user chose, waiting to be sent, not a placeholder. The
 * Blob is read from the outbox entry in IndexedDB (the card makes it a URL with
 * components/use-object-url.ts).
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

export function useQueuedCover(target: string): Blob | null {
  const entryId = useSync((s) => coverEntryId(s.views, target));
  const [read, setRead] = useState<{ entryId: string; cover: Blob } | null>(null);
  useEffect(() => {
    if (entryId === null) return;
    let live = true;
    void openDatabase()
      .then((db) => readEntry(db, entryId))
      .then((entry) => {
        const intent = entry?.intent;
        const cover =
          intent && (intent.kind === 'event.create' || intent.kind === 'event.update') ? intent.cover : undefined;
        if (live && cover) setRead({ entryId, cover });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [entryId]);
  return read && read.entryId === entryId ? read.cover : null;
}
