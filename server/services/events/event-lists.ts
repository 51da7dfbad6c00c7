/**
 * The caller's event list (and its pages) at the database's revision.
 *
 * List bodies are cached per user and page, tagged with the revision they
 * were built at. The revision is read from the database on every request, so
 * a write made through any process is seen at once; the cache only skips
 * rebuilding JSON. Keyed on the user and page alone (URLs come from
 * PUBLIC_URL, never from Host) and bounded by bytes: with at most
 * `eventsPerAccount` events a whole list is a few MB at worst.
 *
 * A whole list also keeps its events' documents by mark (an event's id and
 * the change counts of its row and of its venue's, migration 022). When the
 * revision has moved, the database sends the marks of the list as it is now
 * and only the documents this process does not hold: an edit of one event
 * out of twenty costs one document, not twenty.
 */
import type { Queryable } from '../../db/client.ts';
import { listDelta, listPage } from '../../db/queries/events.ts';
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

/** A whole list, with what it takes to rebuild it from the events that changed. */
interface WholeList extends ListBody {
  /** The marks in id order, comma-separated, as the database sent them. */
  marks: string;
  /** Each event's document by its mark. */
  docs: Map<string, string>;
  /** The `known` argument of the next read: id → mark, as JSON. */
  known: string;
}

/** The list at `rev`; `list` is null when it is the revision the client already holds (a 304). */
export interface ListRead {
  rev: string;
  list: ListBody | null;
}

/** Ends each document in the database's `docs` (migration 022). */
const DOC_END = '\u001e';

const encoder = new TextEncoder();

/**
 * The whole list from the database's marks and documents, taking from `held`
 * the documents it did not send. Null when they do not fit together (then the
 * caller asks again for every document).
 */
function assemble(rev: string, marks: string | null, docs: string | null, held: WholeList | null): WholeList | null {
  const order = marks ? marks.split(',') : [];
  const byMark = new Map<string, string>();
  const parts: string[] = [];
  let at = 0;
  for (const mark of order) {
    let doc = held?.docs.get(mark);
    if (doc === undefined) {
      const end = docs?.indexOf(DOC_END, at) ?? -1;
      if (end < 0) return null;
      doc = docs!.slice(at, end);
      at = end + 1;
    }
    byMark.set(mark, doc);
    parts.push(doc);
  }
  if (at !== (docs?.length ?? 0)) return null;
  const known = `{${order.map((mark) => `"${mark.slice(0, mark.indexOf('.'))}":"${mark}"`).join(',')}}`;
  const unchanged = held && held.marks === (marks ?? '');
  const body = unchanged ? held.body : encoder.encode(`[${parts.join(',')}]`);
  return { rev, body, lastId: null, marks: marks ?? '', docs: byMark, known };
}

export function eventLists(db: Queryable, mediaBase: string) {
  // A whole list holds its body and its documents: about twice the body's bytes.
  const lists = byteBudgetCache<string, ListBody>(
    LIST_CACHE_BYTES,
    (entry) => entry.body.byteLength * ('docs' in entry ? 2 : 1) + 64,
  );

  /** A page at the database's revision: `known` when it is still current, else read anew. */
  async function currentPage(userId: number, page: ListPage, known: ListBody | null, knownRev: string | null) {
    const read = await listPage(db, userId, mediaBase, page, knownRev);
    if (read.body === null) return { rev: read.rev, list: known };
    return { rev: read.rev, list: { rev: read.rev, body: encoder.encode(read.body), lastId: read.lastId } };
  }

  /** The whole list at the database's revision, rebuilt from `held` and the documents that changed. */
  async function currentWhole(userId: number, held: WholeList | null, knownRev: string | null) {
    const read = await listDelta(db, userId, mediaBase, knownRev, held?.known ?? null);
    if (read.rev === knownRev) return { rev: read.rev, list: read.rev === held?.rev ? held : null };
    const list = assemble(read.rev, read.marks, read.docs, held);
    if (list) return { rev: read.rev, list };
    // Not expected: the documents sent did not match the marks. Ask for all of them.
    const whole = await listDelta(db, userId, mediaBase, null, null);
    return { rev: whole.rev, list: assemble(whole.rev, whole.marks, whole.docs, null) };
  }

  return {
    /** One statement reads the revision and, unless it is one we can answer from (the client's, else ours), the rows. */
    async read(userId: number, page: ListPage | null, clientRev: string | null): Promise<ListRead> {
      const key = page ? `${userId}:${page.limit}:${page.afterId}` : String(userId);
      const cached = lists.get(key) ?? null;
      const knownRev = clientRev ?? cached?.rev ?? null;
      const { rev, list } = page
        ? await currentPage(userId, page, cached, knownRev)
        : await currentWhole(userId, cached as WholeList | null, knownRev);
      if (rev === clientRev) return { rev, list: null };
      // Not the client's revision, so the rows were read unless this process's copy is current.
      if (!list) throw new Error('The list read returned no rows for a revision it had no copy of.');
      if (list !== cached) lists.set(key, list);
      return { rev, list };
    },
  };
}
