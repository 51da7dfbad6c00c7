/**
 * Change email on the Profile screen: the new address and the account
 * password ask the server to mail a 4-digit code to the new address; the code
 * confirms it (the address must be proved before it can sign in). Online only.
 */
import './account-forms.css';
import { useState, type FormEvent } from 'react';
import { CodeField, EmailField, PasswordField } from '../../components/forms/text-fields.tsx';
import { api } from '../../lib/api.ts';
import { confirmEmailChange, requestEmailChange } from '../../shared/api/account-changes.ts';
import { getProfile } from '../../shared/api/get-profile.ts';
import { useAuth } from '../../stores/auth-store.ts';
import { accountOfflineText, FormMessage } from './form-message.tsx';
import { useFormAction } from '../../components/forms/use-form-action.ts';

export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { busy, notice, fieldErrors, run } = useFormAction<'request' | 'confirm'>({ offlineText: accountOfflineText });

  function onRequest(event: FormEvent) {
    event.preventDefault();
    void run(
      'request',
      async () => {
        const answer = await requestEmailChange(api, { new_email: newEmail.trim(), current_password: password });
        setPassword('');
        setSentTo(newEmail.trim());
        return answer.detail;
      },
      'Could not send the code.',
    );
  }

  function onConfirm(event: FormEvent) {
    event.preventDefault();
    void run(
      'confirm',
      async () => {
        const answer = await confirmEmailChange(api, { code: code.trim() });
        useAuth.setState({ user: await getProfile(api) });
        setCode('');
        setNewEmail('');
        setSentTo(null);
        return answer.detail;
      },
      'Could not confirm the new email.',
    );
  }

  return (
    <section className="form dash-card account-form" aria-labelledby="change-email-title">
      <h2 id="change-email-title">Email address</h2>
      <p className="muted">
        You sign in with <strong>{currentEmail}</strong>.
      </p>
      {sentTo === null ? (
        <form className="form" onSubmit={onRequest} noValidate>
          <EmailField
            label="New email"
            name="new_email"
            value={newEmail}
            onChange={setNewEmail}
            error={fieldErrors.new_email?.[0]}
          />
          <PasswordField
            label="Your password"
            name="email_change_password"
            autoComplete="current-password"
            hint="To make sure it is you."
            value={password}
            onChange={setPassword}
            error={fieldErrors.current_password?.[0]}
          />
          <div className="form__footer">
            <button type="submit" className="button button--primary" disabled={busy !== null}>
              Change email
            </button>
          </div>
        </form>
      ) : (
        <form className="form" onSubmit={onConfirm} noValidate>
          <CodeField
            label="Code sent to the new email"
            name="email_code"
            hint={`The 4-digit code we sent to ${sentTo}.`}
            value={code}
            onChange={setCode}
            error={fieldErrors.code?.[0]}
          />
          <div className="form__footer">
            <button type="submit" className="button button--primary" disabled={busy !== null}>
              Confirm email
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={busy !== null}
              onClick={() => setSentTo(null)}
            >
              Use another address
            </button>
          </div>
        </form>
      )}
      <FormMessage notice={notice} />
    </section>
  );
}
