/**
 * Change password on the Profile screen (contract §3, §9): Current password
 * and New password. The server keeps this session and signs every other
 * device out. Online only: a password is never queued in the outbox.
 */
import './account-forms.css';
import { useRef, useState, type FormEvent } from 'react';
import { PasswordField } from '../../components/forms/text-fields.tsx';
import { api } from '../../lib/api.ts';
import { changePassword } from '../../shared/api/account-changes.ts';
import { MIN_PASSWORD_LENGTH } from '../../shared/contract/auth.ts';
import { accountOfflineText, FormMessage } from './form-message.tsx';
import { useFormAction } from '../../components/forms/use-form-action.ts';
import { useFocusFirstError } from '../../components/forms/use-focus-first-error.ts';

export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const { busy, notice, fieldErrors, run } = useFormAction<'password'>({
    offlineText: accountOfflineText,
    onFailure: focusFirstError,
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void run(
      'password',
      async () => {
        const answer = await changePassword(api, { current_password: current, new_password: next });
        setCurrent('');
        setNext('');
        return answer.detail;
      },
      'Could not change the password.',
    );
  }

  return (
    <form
      ref={formRef}
      className="form dash-card account-form"
      aria-labelledby="change-password-title"
      onSubmit={onSubmit}
      noValidate
    >
      <h2 id="change-password-title">Change password</h2>
      <PasswordField
        label="Current password"
        name="current_password"
        autoComplete="current-password"
        value={current}
        onChange={setCurrent}
        error={fieldErrors.current_password?.[0]}
      />
      <PasswordField
        label="New password"
        name="new_password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters. Other devices will be signed out.`}
        value={next}
        onChange={setNext}
        error={fieldErrors.new_password?.[0]}
      />
      <div className="form__footer">
        <button type="submit" className="button button--primary" disabled={busy !== null}>
          Change password
        </button>
        {/* A refusal the server pinned on a field is written there, once. */}
        <FormMessage notice={notice && shownAtField(notice.text, fieldErrors) ? null : notice} />
      </div>
    </form>
  );
}

function shownAtField(text: string, errors: Readonly<Record<string, readonly string[]>>): boolean {
  return Object.values(errors).some((messages) => messages.includes(text));
}
