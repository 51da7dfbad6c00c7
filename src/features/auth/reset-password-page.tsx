/**
 * /reset-password (contract §3 "Account recovery", §9) in two steps, each its
 * own form so Enter does what the step says: 1. Email → Send code mails a
 * 4-digit code; 2. Code + New password → Reset password signs the user in
 * (the server answers with tokens, every other session ended) and opens the
 * dashboard, which says "Password changed". Both steps stay on screen (a code
 * from an earlier mail still works); focus moves to Code once one is sent.
 * Opened from the email's link (`?token=…`), only the new password is asked.
 * Client-rendered only, loaded lazily like /register.
 */
import './auth-pages.css';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { arrivalNotice } from '../../components/forms/arrival-notice.ts';
import { CodeField, EmailField } from '../../components/forms/text-fields.tsx';
import { useFormAction } from '../../components/forms/use-form-action.ts';
import { api } from '../../lib/api.ts';
import { forgotPassword, resetPassword } from '../../shared/api/password-reset.ts';
import { completeSignIn } from '../../stores/auth-actions.ts';
import { authMessages } from './login-messages.ts';
import { NewPasswordAndReset } from './new-password-and-reset.tsx';
import { ResetByLinkForm } from './reset-by-link-form.tsx';
import { useDocumentTitle } from '../../components/forms/use-document-title.ts';
import { useFocusFirstError } from '../../components/forms/use-focus-first-error.ts';

export function Component() {
  useDocumentTitle('Reset your password');
  const [params] = useSearchParams();
  const token = params.get('token');
  if (token) {
    return (
      <article className="page page--narrow auth-page">
        <h1>Reset your password</h1>
        <p className="auth-page__lead">{authMessages.resetByLinkNote}</p>
        <ResetByLinkForm token={token} />
      </article>
    );
  }
  return <ResetByCode email={params.get('email') ?? ''} />;
}

/** Email → Send code, then Code + New password → Reset password. */
function ResetByCode({ email: initialEmail }: { email: string }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ email?: string; code?: string }>({});
  const pageRef = useRef<HTMLElement>(null);
  const codeStep = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(pageRef);
  // The server names the field at fault (code, password, email); the message goes next to it.
  const { busy, notice, fieldErrors, run } = useFormAction<'send' | 'reset'>({
    offlineText: authMessages.offline,
    onFailure: focusFirstError,
  });

  /** Says what is missing before anything is sent; true when nothing is. */
  function ready(need: { email?: boolean; code?: boolean }): boolean {
    const next = {
      ...(need.email && !email.trim() ? { email: authMessages.emailFirst } : {}),
      ...(need.code && !code.trim() ? { code: authMessages.codeFirst } : {}),
    };
    setMissing(next);
    if (next.email || next.code) focusFirstError();
    return !next.email && !next.code;
  }

  function onSend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready({ email: true })) return;
    void run(
      'send',
      async () => {
        const answer = await forgotPassword(api, { email: email.trim() });
        codeStep.current?.querySelector<HTMLInputElement>('input')?.focus();
        return answer.detail;
      },
      authMessages.sendCodeFailed,
    );
  }

  function onReset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready({ email: true, code: true })) return;
    void run(
      'reset',
      async () => {
        await completeSignIn(await resetPassword(api, { email: email.trim(), code: code.trim(), password }));
        setPassword('');
        void navigate('/dashboard', { replace: true, state: arrivalNotice(authMessages.passwordChanged) });
      },
      authMessages.resetFailed,
    );
  }

  const error = notice?.tone === 'error' ? notice.text : null;
  return (
    <article ref={pageRef} className="page page--narrow auth-page">
      <h1>Reset your password</h1>
      <p className="auth-page__lead">{authMessages.resetNote}</p>
      {error ? (
        <p className="alert alert--error" role="alert" tabIndex={-1} data-error-summary>
          {error}
        </p>
      ) : null}
      <form className="form auth-form auth-step" noValidate onSubmit={onSend}>
        <h2 className="auth-step__title">1. Get a code</h2>
        <EmailField
          label="Email"
          name="email"
          value={email}
          onChange={setEmail}
          error={missing.email ?? fieldErrors.email?.[0]}
        />
        <div className="auth-actions">
          <button
            type="submit"
            className="button button--ghost"
            aria-disabled={busy !== null || undefined}
            aria-busy={busy === 'send' || undefined}
          >
            Send code
          </button>
        </div>
        <p role="status" className={notice?.tone === 'success' ? 'alert alert--success' : 'visually-hidden'}>
          {notice?.tone === 'success' ? notice.text : ''}
        </p>
      </form>
      <form
        ref={codeStep}
        className="form auth-form auth-step"

        noValidate
        onSubmit={onReset}
      >
        <h2 className="auth-step__title">2. Choose a new password</h2>
        <CodeField
          label="Code"
          name="code"
          hint="The 4-digit code from the email."
          value={code}
          onChange={setCode}
          error={missing.code ?? fieldErrors.code?.[0]}
        />
        <NewPasswordAndReset
          password={password}
          onChange={setPassword}
          error={fieldErrors.password?.[0] ?? null}
          busy={busy}
        />
      </form>
    </article>
  );
}
