import { encodeEventFields, type EventFieldValue } from '../contract/event.ts';

export type EventFieldMap = Readonly<Record<string, EventFieldValue | undefined>>;

/** Builds the multipart body of event create/update: text fields encoded per the contract, plus an optional cover. */
export function eventForm(fields: EventFieldMap, cover?: Blob): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(encodeEventFields(fields))) form.append(key, value);
  if (cover) form.append('cover_image', cover, cover instanceof File ? cover.name : 'cover-image');
  return form;
}
