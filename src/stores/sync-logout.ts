/**
 * Logging out with unsent changes (architecture §4): say how many would be lost and
 * offer to stay signed in while they are sent. Logging out anyway discards
 * them through the outbox — the next person on this device must not find (or send) them.
 */
import { useAuth } from './auth-store.ts';
import { countEntriesOf, discardEntriesOf } from './sync-actions.ts';

export function logoutWarning(count: number): string {
  const changes = count === 1 ? '1 unsent change' : `${count} unsent changes`;
  return (
    `You have ${changes}. If you log out now, ${count === 1 ? 'it' : 'they'} will be lost.\n\n` +
    'Press Cancel to stay signed in and wait until they are sent, or OK to log out anyway.'
  );
}

/** True when logout may go ahead (nothing unsent, or the user accepted losing it). */
export async function confirmLogout(ask: (text: string) => boolean = (text) => window.confirm(text)): Promise<boolean> {
  const userId = useAuth.getState().user?.id;
  if (userId === undefined) return true;
  const count = await countEntriesOf(userId);
  if (count === 0) return true;
  if (!ask(logoutWarning(count))) return false;
  await discardEntriesOf(userId);
  return true;
}
