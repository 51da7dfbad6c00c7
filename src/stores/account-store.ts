/**
 * Which account the dashboard acts for (the Account switcher): the signed-in
 * person's own, or an owner whose team they are on. Kept per device and per
 * person in localStorage, so a reload — or a reload offline — opens the same
 * account; the accounts one may choose are the last list the server gave
 * (`GET /team/accounts/`), so the switcher works offline too. Every request the
 * page makes without naming its account carries X-Account for the choice
 * (src/lib/api.ts); queued writes carry the account they were made for.
 */
import { create } from 'zustand';
import { ApiError } from '../shared/api/errors.ts';
import { listTeamAccounts } from '../shared/api/team.ts';
import type { TeamAccount } from '../shared/contract/team.ts';
import { api, setChosenAccount } from '../lib/api.ts';
import { useAuth } from './auth-store.ts';

export interface AccountState {
  /** Per signed-in person (user id): the owner they act for; absent means their own account. */
  chosen: Readonly<Record<string, number>>;
  /** Per person: the accounts they are a member of, as last loaded. */
  memberships: Readonly<Record<string, readonly TeamAccount[]>>;
}

const NO_ACCOUNTS: readonly TeamAccount[] = [];

const STORAGE_KEY = 'roamly-account';

/** The choice as this device last kept it (nothing where there is no localStorage, e.g. prerendering). */
function readKept(): AccountState {
  try {
    const kept = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as { state?: AccountState } | null;
    if (kept?.state?.chosen && kept.state.memberships) return kept.state;
  } catch {
    // Unreadable or absent: start from the person's own account.
  }
  return { chosen: {}, memberships: {} };
}

// A few lines instead of zustand's persist middleware: the dashboard's first load has a byte budget.
export const useAccount = create<AccountState>()(readKept);
useAccount.subscribe((state) => {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ state }));
  } catch {
    // Private mode or full storage: the choice holds for this page only.
  }
});
// A switch in another tab of this device holds here too, at once rather than at the next
// reload: the choice is per device, and two tabs acting for different accounts would
// show one account's screens while the other's choice is what a reload opens.
if (typeof window !== 'undefined')
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) useAccount.setState(readKept(), true);
  });

/** The owner `userId` acts for now (null: their own account). */
export function chosenAccountOf(state: AccountState, userId: number | undefined): number | null {
  if (userId === undefined) return null;
  return state.chosen[String(userId)] ?? null;
}

/** The membership the signed-in person acts through now (null: their own account). */
export function actingMembership(state: AccountState, userId: number | undefined): TeamAccount | null {
  const owner = chosenAccountOf(state, userId);
  if (owner === null || userId === undefined) return null;
  return state.memberships[String(userId)]?.find((account) => account.owner_id === owner) ?? null;
}

export function membershipsOf(state: AccountState, userId: number | undefined): readonly TeamAccount[] {
  return userId === undefined ? NO_ACCOUNTS : (state.memberships[String(userId)] ?? NO_ACCOUNTS);
}

/** The signed-in person's chosen owner, for requests and queued writes. */
export function currentAccountChoice(): number | null {
  return chosenAccountOf(useAccount.getState(), useAuth.getState().user?.id);
}

/** The account the dashboard shows: the chosen owner's id, else the person's own. */
export function shownAccountId(state: AccountState, userId: number | undefined): number | null {
  return chosenAccountOf(state, userId) ?? userId ?? null;
}

setChosenAccount(currentAccountChoice);

/** The type of the account shown: the chosen owner's when acting for one, else the person's own. */
export function useShownUserType(): string | undefined {
  const user = useAuth((s) => s.user);
  const acting = useAccount((s) => actingMembership(s, user?.id));
  return acting ? acting.user_type : user?.user_type;
}

/** The account the dashboard shows now, for per-account reads and caches (null: signed out). */
export function useShownAccountId(): number | null {
  const userId = useAuth((s) => s.user?.id);
  return useAccount((s) => shownAccountId(s, userId));
}

/** Acts for `ownerId` from the next request on (null: the person's own account). */
export function chooseAccount(userId: number, ownerId: number | null): void {
  useAccount.setState((state) => {
    const chosen = { ...state.chosen };
    if (ownerId === null || ownerId === userId) delete chosen[String(userId)];
    else chosen[String(userId)] = ownerId;
    return { chosen };
  });
}

/**
 * Reads the accounts `userId` may act for. A choice the list no longer holds
 * (removed from that team) falls back to their own account; writes already
 * queued for it keep their account, and the server's refusal shows on them.
 * Offline or on a server fault the last list stays.
 */
export async function loadMemberships(userId: number): Promise<readonly TeamAccount[]> {
  try {
    const accounts = await listTeamAccounts(api);
    useAccount.setState((state) => {
      const key = String(userId);
      const chosen = { ...state.chosen };
      const owner = chosen[key];
      if (owner !== undefined && !accounts.some((account) => account.owner_id === owner)) delete chosen[key];
      return { memberships: { ...state.memberships, [key]: accounts }, chosen };
    });
    return accounts;
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) console.warn('Could not list team accounts', error);
    return membershipsOf(useAccount.getState(), userId);
  }
}
