/**
 * The image shared to the installed app (Web Share Target): the service
 * worker stores it as a SharedItemMessage (src/shared/messages.ts) and redirects to
 * /dashboard/events?shared=1; the Events screen takes it (once) as the cover
 * of a new event. Works offline: nothing here touches the network.
 */
import { deleteDraft, readDraft } from '../../shared/db/draft-storage.ts';
import { readSharedItemMessage, SHARED_ITEM_KEY } from '../../shared/messages.ts';

export interface SharedItem {
  image: Blob | null;
  title: string;
}

export async function takeSharedItem(): Promise<SharedItem | null> {
  const row = await readDraft(SHARED_ITEM_KEY).catch(() => null);
  if (!row) return null;
  await deleteDraft(SHARED_ITEM_KEY).catch(() => undefined);
  const shared = readSharedItemMessage(row.data);
  return { image: shared?.image ?? null, title: shared?.title ?? '' };
}
