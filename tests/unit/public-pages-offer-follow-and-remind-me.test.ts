/**
 * The public pages' follow buttons (contract §11): **Remind me** on an event
 * page, **Follow** on promoter and venue pages, "Get updates by email" beside
 * them, and "Following" with **Unfollow** once this device follows — which it
 * remembers in localStorage. No permission is asked before a tap.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountFollow } from '../../src/lib/listing-follow.ts';

const eventPage = `<main><h1>Rooftop Jazz</h1></main>
  <script type="application/ld+json">{"@context":"https://schema.org","@type":"Event","name":"Rooftop Jazz"}</script>`;
const venuePage = `<main><h1>The Blue Room</h1></main>
  <script type="application/ld+json">{"@context":"https://schema.org","@type":"BarOrPub","name":"The Blue Room"}</script>`;
const promoterPage = `<main><h1 id="profile-name">rooftop.crew</h1></main>`;

function buttons(): string[] {
  return [...document.querySelectorAll('.follow button, .follow summary')].map((node) => node.textContent ?? '');
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the follow buttons of a public page', () => {
  it('say Remind me on an event page, Follow on a venue or promoter page, with Get updates by email', () => {
    document.body.innerHTML = eventPage;
    mountFollow(document, '/e/12/rooftop-jazz');
    expect(buttons()).toEqual(['Remind me', 'Get updates by email', 'Send']);

    document.body.innerHTML = venuePage;
    mountFollow(document, '/e/10/the-blue-room');
    expect(buttons()[0]).toBe('Follow');

    document.body.innerHTML = promoterPage;
    mountFollow(document, '/p/rooftop.crew');
    expect(buttons()[0]).toBe('Follow');
    expect(document.querySelector('#profile-name')!.nextElementSibling!.className).toBe('follow');
  });

  it('show Following and Unfollow when this device follows, and Unfollow POSTs the unsubscribe link', async () => {
    const unsubscribeUrl = 'https://x.test/api/follows/7/unsubscribe/?token=abcdefghijklmnopqrstuvwxyz';
    localStorage.setItem('roamly.follow.event:12', JSON.stringify({ id: 7, unsubscribe_url: unsubscribeUrl }));
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ detail: 'Unfollowed.' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    document.body.innerHTML = eventPage;
    mountFollow(document, '/e/12/rooftop-jazz');
    expect(document.querySelector('.follow')!.textContent).toContain('Following');
    const unfollow = [...document.querySelectorAll<HTMLButtonElement>('.follow button')].find(
      (button) => button.textContent === 'Unfollow',
    )!;
    unfollow.click();
    await vi.waitFor(() => expect(buttons()[0]).toBe('Remind me'));
    expect(fetchMock).toHaveBeenCalledWith(unsubscribeUrl, { method: 'POST' });
    expect(localStorage.getItem('roamly.follow.event:12')).toBeNull();
  });

  it('sends an email follow and says to check the inbox; asks for no permission before a tap', async () => {
    const requestPermission = vi.fn();
    vi.stubGlobal('Notification', { requestPermission, permission: 'default' });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ detail: 'Check your inbox.' }), { status: 202 }));
    vi.stubGlobal('fetch', fetchMock);
    document.body.innerHTML = promoterPage;
    mountFollow(document, '/p/rooftop.crew');
    document.querySelector<HTMLInputElement>('.follow input[type=email]')!.value = 'fan@example.org';
    document.querySelector('.follow form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() =>
      expect(document.querySelector('.follow [role=status]')!.textContent).toBe('Check your inbox.'),
    );
    expect(fetchMock).toHaveBeenCalledWith('/api/follows/', expect.objectContaining({ method: 'POST' }));
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      target: 'promoter:rooftop.crew',
      channel: 'email',
      email: 'fan@example.org',
    });
    expect(requestPermission).not.toHaveBeenCalled();
  });
});
