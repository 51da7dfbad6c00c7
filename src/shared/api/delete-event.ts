import type { ApiClient } from './api-client.ts';
import { writeHeaders, type WriteOptions } from './write-options.ts';

/** `DELETE /events/{id}/delete/` → 204; a second delete of the same id is a 404. */
export async function deleteEvent(client: ApiClient, id: number, options: WriteOptions = {}): Promise<void> {
  await client.request('DELETE', `/events/${id}/delete/`, writeHeaders(options));
}
