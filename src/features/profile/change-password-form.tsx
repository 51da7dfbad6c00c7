/**
 * Change password on the Profile screen (CONTRACTS §3, §9): Current password
 * and New password. The server keeps this session and signs every other
 * device out. Online only: a password is never queued in the outbox.
 */
import './account-forms.css';
import { useState, type FormEvent } from 'react';
import { Field } from '../../components/ui/field.tsx';
import { api } from '../../lib/api.ts';
import { changePassword } from '../../shared/api/account-changes.ts';
import { ApiError } from '../../shared/api/errors.ts';
import { MIN_PASSWORD_LENGTH } from '../../shared/contract/auth.ts';
import { failureMessage, FormMessage, type FormOutcome } from './form-message.tsx';

export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, readonly string[]>>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    setFieldErrors({});
    try {
      const answer = await changePassword(api, { current_password: current, new_password: next });
      setCurrent('');
      setNext('');
      setOutcome({ tone: 'success', text: answer.detail });
    } catch (failure) {
      if (failure instanceof ApiError && failure.errors) setFieldErrors(failure.errors);
      const text = failureMessage(failure, 'Could not change the password.');
      setOutcome({ tone: 'error', text });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="form dash-card account-form"
      aria-labelledby="change-password-title"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
    >
      <h2 id="change-password-title">Change password</h2>
      <Field label="Current password" error={fieldErrors.current_password?.[0] ?? null}>
        {(control) => (
          <input
            {...control}
            type="password"
            name="current_password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
        )}
      </Field>
      <Field
        label="New password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters. Other devices will be signed out.`}
        error={fieldErrors.new_password?.[0] ?? null}
      >
        {(control) => (
          <input
            {...control}
            type="password"
            name="new_password"
            autoComplete="new-password"
            value={next}
            onChange={(event) => setNext(event.target.value)}
          />
        )}
      </Field>
      <div className="form__footer">
        <button type="submit" className="button button--primary" disabled={busy}>
          Change password
        </button>
        <FormMessage outcome={outcome} />
      </div>
    </form>
  );
}
