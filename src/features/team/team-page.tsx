/**
 * The Team tab (contract §12): the owner's members with their role and
 * Remove, the pending invitations with when they expire (and Revoke), and an
 * Invite form with Email and Role. Online only: each action is sent at once and
 * the list read again, never queued in the outbox.
 */
import './team.css';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useDocumentTitle } from '../../components/forms/use-document-title.ts';
import { useFocusFirstError } from '../../components/forms/use-focus-first-error.ts';
import { useFormAction, type FormNotice } from '../../components/forms/use-form-action.ts';
import { EmailField } from '../../components/forms/text-fields.tsx';
import { Field } from '../../components/ui/field.tsx';
import { api } from '../../lib/api.ts';
import { NetworkError, serverDetail } from '../../shared/api/errors.ts';
import { getTeam, inviteToTeam, removeTeamMember, revokeTeamInvite } from '../../shared/api/team.ts';
import { teamRoleLabels, teamRoles, type Team, type TeamRole } from '../../shared/contract/team.ts';

const offlineText = 'You appear to be offline. The team needs a connection; please try again online.';

function expiresText(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function Message({ notice }: { notice: FormNotice }) {
  return (
    <p
      className={`save-message save-message--${notice?.tone ?? 'none'}`}
      role={notice?.tone === 'error' ? 'alert' : 'status'}
    >
      {notice?.text ?? ''}
    </p>
  );
}

export function Component() {
  useDocumentTitle('Team', 'dashboard');
  const [team, setTeam] = useState<Team | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const reload = useCallback(async (signal?: AbortSignal) => {
    try {
      setTeam(await getTeam(api, signal));
      setLoadError(null);
    } catch (failure) {
      if (signal?.aborted) return;
      setLoadError(
        failure instanceof NetworkError ? offlineText : (serverDetail(failure) ?? 'Could not load the team.'),
      );
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void reload(controller.signal);
    return () => controller.abort();
  }, [reload]);

  return (
    <section className="team-page" aria-labelledby="team-title">
      <h1 id="team-title">Team</h1>
      <p className="team-page__intro">
        People you invite act for this account: a <strong>Manager</strong> can do everything but the team and your
        sign-in; an <strong>Editor</strong> can change events only.
      </p>
      <InviteForm onInvited={() => reload()} />
      {loadError ? (
        <p className="alert alert--error" role="alert">
          {loadError}
        </p>
      ) : null}
      {team ? (
        <TeamLists team={team} onChanged={() => reload()} />
      ) : loadError ? null : (
        <p role="status">Loading the team…</p>
      )}
    </section>
  );
}

function InviteForm({ onInvited }: { onInvited: () => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('editor');
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const { busy, notice, fieldErrors, run } = useFormAction<'invite'>({ offlineText, onFailure: focusFirstError });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void run(
      'invite',
      async () => {
        const invite = await inviteToTeam(api, { email, role });
        setEmail('');
        await onInvited();
        return `Invitation sent to ${invite.email}. It works until ${expiresText(invite.expires_at)}.`;
      },
      'Could not send the invitation.',
    );
  }

  return (
    <form
      ref={formRef}
      className="form dash-card team-invite"
      aria-labelledby="team-invite-title"
      onSubmit={onSubmit}
      noValidate
    >
      <h2 id="team-invite-title">Invite someone</h2>
      <EmailField label="Email" name="email" value={email} onChange={setEmail} error={fieldErrors.email?.[0]} />
      <Field label="Role" error={fieldErrors.role?.[0] ?? null}>
        {(control) => (
          <select {...control} name="role" value={role} onChange={(event) => setRole(event.target.value as TeamRole)}>
            {teamRoles.map((value) => (
              <option key={value} value={value}>
                {teamRoleLabels[value]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="form__footer">
        <button type="submit" className="button button--primary" disabled={busy !== null}>
          Invite
        </button>
        <Message notice={notice} />
      </div>
    </form>
  );
}

function TeamLists({ team, onChanged }: { team: Team; onChanged: () => Promise<void> }) {
  const { busy, notice, run } = useFormAction<string>({ offlineText });

  function act(kind: string, action: () => Promise<void>, done: string, fallback: string) {
    void run(
      kind,
      async () => {
        await action();
        await onChanged();
        return done;
      },
      fallback,
    );
  }

  return (
    <>
      <section className="dash-card team-list" aria-labelledby="team-members-title">
        <h2 id="team-members-title">Members</h2>
        {team.members.length === 0 ? (
          <p>No members yet.</p>
        ) : (
          <ul className="team-list__items">
            {team.members.map((member) => (
              <li key={member.user_id} className="team-list__item">
                <span className="team-list__who">
                  {member.display_name || member.email} <span className="team-list__email">{member.email}</span>
                </span>
                <span className="team-list__role">{teamRoleLabels[member.role]}</span>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={busy !== null}
                  aria-label={`Remove ${member.email}`}
                  onClick={() =>
                    act(
                      `remove-${member.user_id}`,
                      () => removeTeamMember(api, member.user_id),
                      `${member.email} was removed from the team.`,
                      'Could not remove the member.',
                    )
                  }
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="dash-card team-list" aria-labelledby="team-invites-title">
        <h2 id="team-invites-title">Pending invitations</h2>
        {team.invites.length === 0 ? (
          <p>No pending invitations.</p>
        ) : (
          <ul className="team-list__items">
            {team.invites.map((invite) => (
              <li key={invite.id} className="team-list__item">
                <span className="team-list__who">{invite.email}</span>
                <span className="team-list__role">
                  {teamRoleLabels[invite.role]} · expires {expiresText(invite.expires_at)}
                </span>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={busy !== null}
                  aria-label={`Revoke the invitation to ${invite.email}`}
                  onClick={() =>
                    act(
                      `revoke-${invite.id}`,
                      () => revokeTeamInvite(api, invite.id),
                      `The invitation to ${invite.email} was revoked.`,
                      'Could not revoke the invitation.',
                    )
                  }
                >
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Message notice={notice} />
    </>
  );
}
