/**
 * The cast of the bad-input suites: an app, a business owner with one event,
 * and a stranger (another account) who must never reach that event.
 */
import { call, form, signUp, type Account } from './api-client.ts';
import { startTestApp, type TestApp } from './test-app.ts';

export interface OwnerAndStranger {
  t: TestApp;
  owner: Account;
  stranger: Account;
  ownersEvent: number;
}

export async function startOwnerAndStranger(): Promise<OwnerAndStranger> {
  const t = await startTestApp();
  const owner = await signUp(t.app, 'business');
  const stranger = await signUp(t.app, 'subpromoter');
  const created = await call(t.app, 'POST', '/api/events/create/', {
    token: owner.access,
    form: form({ title: 'Owned' }),
  });
  return { t, owner, stranger, ownersEvent: created.body.id };
}
