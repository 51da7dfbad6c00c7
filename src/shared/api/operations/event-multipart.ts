/** The multipart body of event create and update (product §7): text fields encoded per the contract, plus an optional cover. */
import { encodeEventFields, type EventFieldValue } from '../../contract/event.ts';
import { appendFile } from './write-request.ts';

export type EventFieldMap = Readonly<Record<string, EventFieldValue | undefined>>;

export function eventMultipart(fields: EventFieldMap, cover?: Blob): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(encodeEventFields(fields))) form.append(key, value);
  if (cover) appendFile(form, 'cover_image', cover, 'cover-image');
  return form;
}
