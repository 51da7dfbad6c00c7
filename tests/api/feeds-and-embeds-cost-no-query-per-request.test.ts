/**
 * A popular promoter's Atom feed, calendar feed and embed frames cost no
 * database round trip per request: each process keeps the rendered answer
 * for at most RENDERED_MAX_AGE_MS (services/rendered-cache.ts), still
 * answering 304 to its ETag. Two instances on one database: an edit made
 * through A shows on B once that time has passed, with nothing sent between
 * them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../server/db/client.ts';
import { RENDERED_MAX_AGE_MS } from '../../server/services/rendered-cache.ts';
import { embedEventPath, embedPromoterPath } from '../../src/shared/contract/embed-url.ts';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { manualClock, startTestApp, type TestApp } from './support/test-app.ts';

let a: TestApp;
let b: TestApp;
let owner: Account;
let eventId: number;
/** Statements instance B sent to the database. */
let queries = 0;

/** The database as B sees it: the same one, every statement counted. */
function counted(db: Db): Db {
  return new Proxy(db, {
    get(target, name, receiver) {
      if (name === 'query') {
        return (...args: Parameters<Db['query']>) => {
          queries += 1;
          return target.query(...args);
        };
      }
      const value: unknown = Reflect.get(target, name, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

beforeAll(async () => {
  const clock = manualClock();
  a = await startTestApp({ clock });
  b = await startTestApp({ db: counted(a.db), clock, config: { jwtSecret: a.config.jwtSecret } });
  owner = await signUp(a.app, 'subpromoter', { display_name: 'busy.promoter' });
  const res = await call(a.app, 'POST', '/api/events/create/', {
    token: owner.access,
    form: form({ title: 'Rooftop Jazz', start_date: '2026-07-04', start_time: '19:30' }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  eventId = res.body.id as number;
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const paths = () => [
  '/p/busy.promoter.atom',
  '/p/busy.promoter.ics',
  embedEventPath(eventId),
  embedPromoterPath('busy.promoter'),
];

it('answers 150 requests for a feed or a frame with no statement after the first read, and 304 by ETag', async () => {
  const etags = new Map<string, string>();
  for (const path of paths()) {
    const first = await b.app.request(path);
    expect(first.status, path).toBe(200);
    expect(await first.text()).toContain('Rooftop Jazz');
    etags.set(path, first.headers.get('etag')!);
  }
  queries = 0;
  for (let i = 0; i < 150; i++) {
    const path = paths()[i % 4]!;
    const conditional = i % 2 === 1;
    const res = await b.app.request(path, conditional ? { headers: { 'If-None-Match': etags.get(path)! } } : {});
    expect(res.status, path).toBe(conditional ? 304 : 200);
    if (conditional) expect(res.headers.get('etag')).toBe(etags.get(path));
    await res.arrayBuffer();
  }
  // Background loops (scheduled publishing, housekeeping) may speak once in a while; requests never do.
  expect(queries).toBeLessThan(3);
});

it('shows an edit made through another instance once RENDERED_MAX_AGE_MS has passed', async () => {
  for (const path of paths()) await (await b.app.request(path)).arrayBuffer();
  const edit = await call(a.app, 'PUT', `/api/events/${eventId}/update/`, {
    token: owner.access,
    form: form({ title: 'Rooftop Jazz (moved indoors)' }),
  });
  expect(edit.status, JSON.stringify(edit.body)).toBe(200);
  // Instance A's own copies age the same way: nothing tells either of them.
  a.clock.advance(RENDERED_MAX_AGE_MS);
  for (const path of paths()) {
    const res = await b.app.request(path);
    expect(res.status, path).toBe(200);
    expect(await res.text(), path).toContain('Rooftop Jazz (moved indoors)');
  }
});

it('serves a copy no older than RENDERED_MAX_AGE_MS: just before, the old one; at it, the new one', async () => {
  const path = embedEventPath(eventId);
  await (await b.app.request(path)).arrayBuffer();
  await call(a.app, 'PUT', `/api/events/${eventId}/update/`, {
    token: owner.access,
    form: form({ title: 'Rooftop Jazz (sold out)' }),
  });
  a.clock.advance(RENDERED_MAX_AGE_MS - 1);
  expect(await (await b.app.request(path)).text()).not.toContain('(sold out)');
  a.clock.advance(1);
  expect(await (await b.app.request(path)).text()).toContain('Rooftop Jazz (sold out)');
});
