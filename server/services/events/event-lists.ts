/**
 * The caller's event list (and its pages) at the database's revision.
 *
 * List bodies are cached per user and page, tagged with the revision they
 * were built at. The revision is read from the database on every request, so
 * a write made through any process is seen at once; the cache only skips
 * rebuilding JSON. Keyed on the user and page alone (URLs come from
 * PUBLIC_URL, never from Host) and bounded by bytes: with at most
 * `eventsPerAccount` events a whole list is a few MB at worst.
 */
import type { Queryable } from '../../db/client.ts';
import { listJson, listPage } from '../../db/queries/events.ts';
import { byteBudgetCache } from '../byte-budget-cache.ts';

/** Bytes of list bodies one process may cache. */
export const LIST_CACHE_BYTES = 32 * 1024 * 1024;

export interface ListPage {
  limit: number;
  afterId: number;
}

export interface ListBody {
  rev: string;
  body: Uint8Array;
  /** The last id of a page that has another after it. */
  lastId: number | null;
}

/** The list at `rev`; `list` is null when it is the revision the client already holds (a 304). */
export interface ListRead {
  rev: string;
  list: ListBody | null;
}

export function eventLists(db: Queryable, mediaBase: string) {
  const lists = byteBudgetCache<string, ListBody>(LIST_CACHE_BYTES, (entry) => entry.body.byteLength + 64);
  const encoder = new TextEncoder();

  /** The list (or page) at the database's revision: `known` when it is still current, else read anew. */
  async function currentList(userId: number, page: ListPage | null, known: ListBody | null, knownRev: string | null) {
    const read = page
      ? await listPage(db, userId, mediaBase, page, knownRev)
      : { ...(await listJson(db, userId, mediaBase, knownRev)), lastId: null };
    if (read.body === null) return { rev: read.rev, list: known };
    return { rev: read.rev, list: { rev: read.rev, body: encoder.encode(read.body), lastId: read.lastId } };
  }

  return {
    /** One statement reads the revision and, unless it is one we can answer from (the client's, else ours), the rows. */
    async read(userId: number, page: ListPage | null, clientRev: string | null): Promise<ListRead> {
      const key = page ? `${userId}:${page.limit}:${page.afterId}` : String(userId);
      const cached = lists.get(key) ?? null;
      const { rev, list } = await currentList(userId, page, cached, clientRev ?? cached?.rev ?? null);
      if (rev === clientRev) return { rev, list: null };
      // Not the client's revision, so the rows were read unless this process's copy is current.
      if (!list) throw new Error('The list read returned no rows for a revision it had no copy of.');
      if (list !== cached) lists.set(key, list);
      return { rev, list };
    },
  };
}
