/**
 * Following from a public page (contract §11): **Follow** on promoter and
 * venue pages, **Remind me** on event pages, then "Following" with
 * **Unfollow**, and "Get updates by email". Loaded by the page's script only
 * after the page has loaded, as a chunk of its own, so the page's first
 * visit stays as small as before.
 *
 * The browser's permission is asked only after the tap (pushManager.subscribe
 * asks it), through the public pages' service worker, which shows what
 * arrives (sw/push.ts). What this device follows is remembered here, in
 * localStorage: there is no account to remember it by.
 */
import { API_PREFIX, apiRoutes } from '../shared/contract/api-routes.ts';
import { followWords } from '../shared/contract/follow-words.ts';

interface Remembered {
  id: number;
  unsubscribe_url: string;
}

/** What this page offers to follow, from its address and its JSON-LD. */
function pageTarget(doc: Document, path: string): { target: string; label: string } | null {
  const account = /^\/p\/([^/]+?)\/?$/.exec(path);
  if (account) return { target: `promoter:${decodeURIComponent(account[1]!)}`, label: followWords.follow };
  const listing = /^\/e\/(\d{1,15})(?:\/|$)/.exec(path);
  if (!listing) return null;
  const isEvent = [...doc.querySelectorAll('script[type="application/ld+json"]')].some((script) =>
    /"@type"\s*:\s*"Event"/.test(script.textContent ?? ''),
  );
  return isEvent
    ? { target: `event:${listing[1]}`, label: followWords.remindMe }
    : { target: `venue:${listing[1]}`, label: followWords.follow };
}

const storageKey = (target: string) => `roamly.follow.${target}`;

function remembered(target: string): Remembered | null {
  try {
    const value = JSON.parse(localStorage.getItem(storageKey(target)) ?? 'null') as Remembered | null;
    return value && typeof value.unsubscribe_url === 'string' ? value : null;
  } catch {
    return null;
  }
}

function remember(target: string, value: Remembered | null): void {
  try {
    if (value) localStorage.setItem(storageKey(target), JSON.stringify(value));
    else localStorage.removeItem(storageKey(target));
  } catch {
    // Private mode without storage: the follow still works, the page just forgets it.
  }
}

async function postJson(path: string, body: unknown): Promise<Response> {
  return fetch(API_PREFIX + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function detailOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { detail?: unknown };
    if (typeof body.detail === 'string') return body.detail;
  } catch {
    // not JSON
  }
  return 'That did not work. Please try again.';
}

/** Subscribes this browser through the service worker and follows `target` by push. */
async function followByPush(target: string): Promise<Remembered> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) {
    throw new Error('This browser cannot receive notifications. Get updates by email instead.');
  }
  const registration = await navigator.serviceWorker.ready;
  const keyAnswer = await fetch(API_PREFIX + apiRoutes.pushKey);
  if (!keyAnswer.ok) throw new Error(await detailOf(keyAnswer));
  const { public_key } = (await keyAnswer.json()) as { public_key: string };
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: Uint8Array.from(atob(public_key.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
        c.charCodeAt(0),
      ),
    }));
  const json = subscription.toJSON();
  const response = await postJson(apiRoutes.follows, {
    target,
    channel: 'push',
    subscription: { endpoint: json.endpoint, keys: json.keys },
  });
  if (response.status !== 201) throw new Error(await detailOf(response));
  return (await response.json()) as Remembered;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

export function mountFollow(doc: Document = document, path: string = location.pathname): void {
  const found = pageTarget(doc, path);
  const heading = doc.querySelector('#profile-name') ?? doc.querySelector('main h1');
  if (!found || !heading) return;
  const { target, label } = found;

  const box = element('div', { className: 'follow' });
  const status = element('p', { className: 'follow__status' });
  status.setAttribute('role', 'status');

  const render = () => {
    box.replaceChildren();
    const mine = remembered(target);
    if (mine) {
      const unfollow = element('button', { type: 'button', textContent: followWords.unfollow });
      unfollow.addEventListener('click', () => {
        unfollow.disabled = true;
        void fetch(mine.unsubscribe_url, { method: 'POST' })
          .then((response) => {
            // 404: it had ended already (the push service, or another device's tap).
            if (response.ok || response.status === 404) {
              remember(target, null);
              render();
            } else {
              status.textContent = 'That did not work. Please try again.';
              unfollow.disabled = false;
            }
          })
          .catch(() => {
            status.textContent = 'You are offline. Please try again.';
            unfollow.disabled = false;
          });
      });
      box.append(element('span', { textContent: followWords.following }), unfollow, status);
      return;
    }
    const follow = element('button', { type: 'button', textContent: label });
    follow.addEventListener('click', () => {
      follow.disabled = true;
      status.textContent = '';
      followByPush(target)
        .then((answer) => {
          remember(target, { id: answer.id, unsubscribe_url: answer.unsubscribe_url });
          render();
        })
        .catch((error: unknown) => {
          status.textContent =
            error instanceof Error && error.name !== 'NotAllowedError'
              ? error.message
              : 'Notifications are blocked in this browser. Get updates by email instead.';
          follow.disabled = false;
        });
    });

    const email = element('input', { type: 'email', name: 'email', required: true, autocomplete: 'email' });
    const emailLabel = element('label', {}, 'Email ', email);
    const form = element('form', {}, emailLabel, ' ', element('button', { type: 'submit', textContent: 'Send' }));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void postJson(apiRoutes.follows, { target, channel: 'email', email: email.value })
        .then(async (response) => {
          status.textContent = await detailOf(response);
        })
        .catch(() => {
          status.textContent = 'You are offline. Please try again.';
        });
    });
    const byEmail = element('details', {}, element('summary', { textContent: followWords.byEmail }), form);
    box.append(follow, byEmail, status);
  };

  render();
  heading.after(box);
}
