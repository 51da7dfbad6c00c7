/**
 * The Account switcher (contract §12): shown to anyone who is on someone's
 * team — "Your account" (when they have a dashboard of their own) and each
 * account they are a member of, with their role there. The choice holds on
 * this device (src/stores/account-store.ts): every request the dashboard makes
 * carries X-Account for it, and the lists shown are that account's.
 */
import { useId } from 'react';
import { teamRoleLabels, type TeamAccount } from '../../../shared/contract/team.ts';
import { chooseAccount } from '../../../stores/account-store.ts';

const OWN = 'own';

export function accountLabel(account: TeamAccount): string {
  return `${account.display_name || account.email} (${teamRoleLabels[account.role]})`;
}

export function AccountSwitcher(props: {
  userId: number;
  accounts: readonly TeamAccount[];
  chosen: number | null;
  /** Whether "Your account" is offered: only to people with a dashboard of their own. */
  ownAccount: boolean;
}) {
  const id = useId();
  const { userId, accounts, chosen, ownAccount } = props;
  return (
    <div className="account-switcher">
      <label htmlFor={id} className="account-switcher__label">
        Account
      </label>
      <select
        id={id}
        className="account-switcher__select"
        value={chosen === null ? OWN : String(chosen)}
        onChange={(event) => {
          const value = event.target.value;
          chooseAccount(userId, value === OWN ? null : Number(value));
        }}
      >
        {ownAccount ? <option value={OWN}>Your account</option> : null}
        {accounts.map((account) => (
          <option key={account.owner_id} value={String(account.owner_id)}>
            {accountLabel(account)}
          </option>
        ))}
      </select>
    </div>
  );
}
