/**
 * The second half of /reset-password when it is opened from the reset email's
 * link: the token stands for email and code, so only the new password is asked.
 * The link works once, on any device, for a day.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '../../components/link.tsx';
import { arrivalNotice } from '../../components/forms/arrival-notice.ts';
import { useFocusFirstError } from '../../components/forms/use-focus-first-error.ts';
import { useFormAction } from '../../components/forms/use-form-action.ts';
import { api } from '../../lib/api.ts';
import { resetPasswordByLink } from '../../shared/api/password-reset.ts';
import { completeSignIn } from '../../stores/auth-actions.ts';
import { authMessages } from './login-messages.ts';
import { NewPasswordAndReset } from './new-password-and-reset.tsx';

export function ResetByLinkForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const { busy, notice, fieldErrors, run } = useFormAction<'reset'>({
    offlineText: authMessages.offline,
    onFailure: focusFirstError,
  });

  function onReset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(
      'reset',
      async () => {
        await completeSignIn(await resetPasswordByLink(api, { token, password }));
        setPassword('');
        void navigate('/dashboard', { replace: true, state: arrivalNotice(authMessages.passwordChanged) });
      },
      authMessages.resetFailed,
    );
  }

  const error = notice?.tone === 'error' ? notice.text : (fieldErrors.token?.[0] ?? null);
  return (
    <form ref={formRef} className="form auth-form auth-step" noValidate onSubmit={onReset}>
      <h2 className="auth-step__title">Choose a new password</h2>
      {error ? (
        <p className="alert alert--error" role="alert" tabIndex={-1} data-error-summary>
          {error}
        </p>
      ) : null}
      <NewPasswordAndReset
        password={password}
        onChange={setPassword}
        error={fieldErrors.password?.[0] ?? null}
        busy={busy}
      />
      <p className="auth-page__lead">
        <Link to="/reset-password">Ask for a new code instead</Link>
      </p>
    </form>
  );
}
