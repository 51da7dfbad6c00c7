/**
 * /verify?email=… (product §2, §4, §8): the 4-digit code from the email signs the
 * new account in (the server answers with tokens) and opens the dashboard.
 * Client-rendered only.
 */
import './auth-pages.css';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CodeField, EmailField } from '../../components/forms/text-fields.tsx';
import { useFormAction } from '../../components/forms/use-form-action.ts';
import { api } from '../../lib/api.ts';
import { resendVerification } from '../../shared/api/resend-verification.ts';
import { verifyEmail } from '../../shared/api/verify-email.ts';
import { completeSignIn } from '../../stores/auth-actions.ts';
import { authMessages } from './login-messages.ts';
import { useFocusFirstError } from '../../components/forms/use-focus-first-error.ts';
import { useDocumentTitle } from '../../components/forms/use-document-title.ts';

export function Component() {
  useDocumentTitle('Verify your email');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const { busy, notice, run } = useFormAction<'verify' | 'resend'>({
    offlineText: authMessages.offline,
    onFailure: focusFirstError,
  });

  function onVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(
      'verify',
      async () => {
        await completeSignIn(await verifyEmail(api, { email: email.trim(), code: code.trim() }));
        void navigate('/dashboard', { replace: true });
      },
      authMessages.verifyFailed,
    );
  }

  function onResend() {
    void run(
      'resend',
      async () => {
        await resendVerification(api, { email: email.trim() });
        return authMessages.resendDone;
      },
      authMessages.resendFailed,
    );
  }

  const error = notice?.tone === 'error' ? notice.text : null;
  return (
    <article className="page page--narrow auth-page">
      <h1>Verify your email</h1>
      <p className="auth-page__lead" id="verify-note">
        {authMessages.verifyNote}
      </p>
      <form ref={formRef} className="form auth-form" noValidate onSubmit={onVerify}>
        <EmailField label="Email" name="email" value={email} onChange={setEmail} />
        <CodeField
          label="Verification code"
          name="code"
          value={code}
          onChange={setCode}
          error={error}
          className="verify-code"
        />
        <p role="status" className={notice?.tone === 'success' ? 'alert alert--success' : 'visually-hidden'}>
          {notice?.tone === 'success' ? notice.text : ''}
        </p>
        <div className="auth-actions">
          <button type="submit" className="button button--primary" aria-disabled={busy !== null || undefined}>
            Verify
          </button>
          <button
            type="button"
            className="button button--ghost"
            aria-disabled={busy !== null || undefined}
            onClick={onResend}
          >
            Resend code
          </button>
        </div>
      </form>
    </article>
  );
}
