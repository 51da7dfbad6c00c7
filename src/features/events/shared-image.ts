/**
 * The image shared to the installed app (Web Share Target): the service
 * worker stores it under the draft key `share:latest` and redirects to
 * /dashboard/events?shared=1; the Events screen takes it (once) as the cover
 * of a new event. Works offline: nothing here touches the network.
 */
import { deleteDraft, readDraft } from '../../shared/db/draft-storage.ts';

export const SHARE_DRAFT_KEY = 'share:latest';

export interface SharedItem {
  image: Blob | null;
  title: string;
}

export async function takeSharedItem(): Promise<SharedItem | null> {
  const row = await readDraft(SHARE_DRAFT_KEY).catch(() => null);
  if (!row) return null;
  await deleteDraft(SHARE_DRAFT_KEY).catch(() => undefined);
  const data = row.data as { image?: unknown; title?: unknown } | null;
  return {
    image: data?.image instanceof Blob ? data.image : null,
    title: typeof data?.title === 'string' ? data.title : '',
  };
}
