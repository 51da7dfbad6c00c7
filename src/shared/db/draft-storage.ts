/**
 * Unsaved form state in the `drafts` store, one row per form (`profile`,
 * `event:new`, `event:12`, `business:new` …), so a reload or a killed tab
 * loses nothing typed. Rows carry the user id: a draft is only offered back
 * to the account that typed it. The service worker also writes here (an image
 * shared to the installed app, under `share:latest`), so no DOM types.
 */
import { openDatabase } from './open-database.ts';

export interface DraftRow {
  key: string;
  savedAt: number;
  userId: number | null;
  data: unknown;
}

export async function readDraft(key: string): Promise<DraftRow | null> {
  const db = await openDatabase();
  return (await db.get('drafts', key)) ?? null;
}

export async function writeDraft(row: DraftRow): Promise<void> {
  const db = await openDatabase();
  await db.put('drafts', row);
}

export async function deleteDraft(key: string): Promise<void> {
  const db = await openDatabase();
  await db.delete('drafts', key);
}
