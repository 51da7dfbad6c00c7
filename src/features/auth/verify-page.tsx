/**
 * /verify?email=… (SPEC §2, §4, §8): the 4-digit code from the email signs the
 * new account in (the server answers with tokens) and opens the dashboard.
 * Client-rendered only.
 */
import './auth-pages.css';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CodeField, EmailField } from '../../components/forms/text-fields.tsx';
import { api } from '../../lib/api.ts';
import { NetworkError, serverDetail } from '../../shared/api/errors.ts';
import { resendVerification } from '../../shared/api/resend-verification.ts';
import { verifyEmail } from '../../shared/api/verify-email.ts';
import { completeSignIn } from '../../stores/auth-actions.ts';
import { authMessages } from './login-messages.ts';
import { useFocusFirstError } from './use-focus-first-error.ts';
import { useDocumentTitle } from '../../components/forms/use-document-title.ts';

type Notice = { kind: 'error' | 'success'; text: string } | null;

export function Component() {
  useDocumentTitle('Verify your email');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);

  async function onVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy('verify');
    setNotice(null);
    try {
      const tokens = await verifyEmail(api, { email: email.trim(), code: code.trim() });
      await completeSignIn(tokens);
      void navigate('/dashboard', { replace: true });
    } catch (failure) {
      const text =
        failure instanceof NetworkError ? authMessages.offline : (serverDetail(failure) ?? authMessages.verifyFailed);
      setNotice({ kind: 'error', text });
      focusFirstError();
    } finally {
      setBusy(null);
    }
  }

  async function onResend() {
    if (busy) return;
    setBusy('resend');
    setNotice(null);
    try {
      await resendVerification(api, { email: email.trim() });
      setNotice({ kind: 'success', text: authMessages.resendDone });
    } catch (failure) {
      const text =
        failure instanceof NetworkError ? authMessages.offline : (serverDetail(failure) ?? authMessages.resendFailed);
      setNotice({ kind: 'error', text });
      focusFirstError();
    } finally {
      setBusy(null);
    }
  }

  const error = notice?.kind === 'error' ? notice.text : null;
  return (
    <article className="page page--narrow auth-page">
      <h1>Verify your email</h1>
      <p className="auth-page__lead" id="verify-note">
        {authMessages.verifyNote}
      </p>
      <form ref={formRef} className="form auth-form" noValidate onSubmit={(event) => void onVerify(event)}>
        <EmailField label="Email" name="email" value={email} onChange={setEmail} />
        <CodeField
          label="Verification code"
          name="code"
          value={code}
          onChange={setCode}
          error={error}
          className="verify-code"
        />
        <p role="status" className={notice?.kind === 'success' ? 'alert alert--success' : 'visually-hidden'}>
          {notice?.kind === 'success' ? notice.text : ''}
        </p>
        <div className="auth-actions">
          <button type="submit" className="button button--primary" aria-disabled={busy !== null || undefined}>
            Verify
          </button>
          <button
            type="button"
            className="button button--ghost"
            aria-disabled={busy !== null || undefined}
            onClick={() => void onResend()}
          >
            Resend code
          </button>
        </div>
      </form>
    </article>
  );
}
