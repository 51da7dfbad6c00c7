/** `DELETE /events/{id}/delete/` → 204; a second delete of the same id is a 404 (contract §8). */
import { apiPath, apiRoutes } from '../../contract/api-routes.ts';
import type { ApiClient } from '../api-client.ts';
import { writeOptions, type WriteOptions, type WriteRequest } from './write-request.ts';

export function deleteEventRequest(id: number, options: WriteOptions = {}): WriteRequest {
  return { method: 'DELETE', path: apiPath(apiRoutes.deleteEvent, { id }), options: writeOptions(options) };
}

export async function deleteEvent(
  client: Pick<ApiClient, 'request'>,
  id: number,
  options: WriteOptions = {},
): Promise<void> {
  const request = deleteEventRequest(id, options);
  await client.request(request.method, request.path, request.options);
}
