/**
 * /reset-password (contract §3 "Account recovery", §9): Email → Send code
 * mails a 4-digit code; Code + New password → Reset password signs the user in
 * (the server answers with tokens, every other session ended) and opens the
 * dashboard. Client-rendered only, loaded lazily like /register.
 */
import './auth-pages.css';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CodeField, EmailField } from '../../components/forms/text-fields.tsx';
import { useFormAction } from '../../components/forms/use-form-action.ts';
import { api } from '../../lib/api.ts';
import { forgotPassword, resetPassword } from '../../shared/api/password-reset.ts';
import { completeSignIn } from '../../stores/auth-actions.ts';
import { authMessages } from './login-messages.ts';
import { NewPasswordField } from './new-password-field.tsx';
import { useDocumentTitle } from '../../components/forms/use-document-title.ts';
import { useFocusFirstError } from './use-focus-first-error.ts';

export function Component() {
  useDocumentTitle('Reset your password');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  // The server names the field at fault (code, password, email); the message goes next to it.
  const { busy, notice, fieldErrors, run } = useFormAction<'send' | 'reset'>({
    offlineText: authMessages.offline,
    onFailure: focusFirstError,
  });

  function onSend() {
    void run(
      'send',
      async () => (await forgotPassword(api, { email: email.trim() })).detail,
      authMessages.sendCodeFailed,
    );
  }

  function onReset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(
      'reset',
      async () => {
        await completeSignIn(await resetPassword(api, { email: email.trim(), code: code.trim(), password }));
        setPassword('');
        void navigate('/dashboard', { replace: true });
      },
      authMessages.resetFailed,
    );
  }

  const error = notice?.tone === 'error' ? notice.text : null;
  return (
    <article className="page page--narrow auth-page">
      <h1>Reset your password</h1>
      <p className="auth-page__lead">{authMessages.resetNote}</p>
      <form ref={formRef} className="form auth-form" noValidate onSubmit={onReset}>
        {error ? (
          <p className="alert alert--error" role="alert" tabIndex={-1} data-error-summary>
            {error}
          </p>
        ) : null}
        <EmailField label="Email" name="email" value={email} onChange={setEmail} error={fieldErrors.email?.[0]} />
        <div className="auth-actions">
          <button
            type="button"
            className="button button--ghost"
            aria-disabled={busy !== null || undefined}
            aria-busy={busy === 'send' || undefined}
            onClick={onSend}
          >
            Send code
          </button>
        </div>
        <p role="status" className={notice?.tone === 'success' ? 'alert alert--success' : 'visually-hidden'}>
          {notice?.tone === 'success' ? notice.text : ''}
        </p>
        <CodeField
          label="Code"
          name="code"
          hint="The 4-digit code from the email."
          value={code}
          onChange={setCode}
          error={fieldErrors.code?.[0]}
        />
        <NewPasswordField
          label="New password"
          value={password}
          error={fieldErrors.password?.[0] ?? null}
          onChange={setPassword}
        />
        <div className="auth-actions">
          <button
            type="submit"
            className="button button--primary"
            aria-disabled={busy !== null || undefined}
            aria-busy={busy === 'reset' || undefined}
          >
            Reset password
          </button>
        </div>
      </form>
    </article>
  );
}
