/// <reference lib="webworker" />
/**
 * Web Share Target (manifest `share_target`): sharing a flyer from the
 * phone's gallery to the installed app POSTs it here. The worker answers
 * without the network — it stores the image in IndexedDB (a SharedItemMessage
 * in the drafts store, src/shared/messages.ts) and redirects to
 * /dashboard/events?shared=1, where the Events screen opens a new event with it
 * as the cover. So it works offline.
 */
import { registerRoute } from 'workbox-routing';
import { writeDraft } from '../src/shared/db/draft-storage.ts';
import { SHARED_ITEM_KEY, type SharedItemMessage } from '../src/shared/messages.ts';

export const SHARE_TARGET_PATH = '/dashboard/share-target';

async function receiveShare(request: Request): Promise<Response> {
  try {
    const form = await request.formData();
    const file = form
      .getAll('image')
      .find((value): value is File => value instanceof File && value.type.startsWith('image/'));
    const title = [form.get('title'), form.get('text')].find(
      (value) => typeof value === 'string' && value.trim() !== '',
    );
    const shared: SharedItemMessage = {
      type: 'SHARED_ITEM',
      image: file ?? null,
      title: typeof title === 'string' ? title.trim().slice(0, 200) : '',
    };
    await writeDraft({ key: SHARED_ITEM_KEY, savedAt: Date.now(), userId: null, data: shared });
  } catch {
    // Nothing usable was shared: still open a new event rather than an error page.
  }
  return Response.redirect('/dashboard/events?shared=1', 303);
}

export function registerShareTarget(): void {
  registerRoute(
    ({ url }) => url.pathname === SHARE_TARGET_PATH,
    ({ request }) => receiveShare(request),
    'POST',
  );
}
