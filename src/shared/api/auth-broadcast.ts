/**
 * Sign-in and sign-out news between the tabs and the service worker of this
 * origin. Tokens live in IndexedDB, which tells nobody when it changes, so the
 * context that signs in or out says so here and the others reload their state.
 * A BroadcastChannel never delivers to the sender object itself.
 */
import { readAuthMessage, type AuthMessage } from '../messages.ts';

export type AuthNews = AuthMessage;

const CHANNEL = 'roamly-auth';

export interface AuthBroadcast {
  announce(news: AuthNews): void;
  /** Returns an unsubscribe function. */
  listen(listener: (news: AuthNews) => void): () => void;
  close(): void;
}

/** Opens the channel; where BroadcastChannel is missing, announcing and listening do nothing. */
export function openAuthBroadcast(): AuthBroadcast {
  const Channel = (globalThis as { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel;
  if (!Channel) return { announce: () => undefined, listen: () => () => undefined, close: () => undefined };
  const channel = new Channel(CHANNEL);
  return {
    announce: (news) => channel.postMessage(news),
    listen(listener) {
      const onMessage = (event: MessageEvent<unknown>) => {
        const news = readAuthMessage(event.data);
        if (news) listener(news);
      };
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    close: () => channel.close(),
  };
}
