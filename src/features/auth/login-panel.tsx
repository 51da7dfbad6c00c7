/**
 * The Log in tab of the side panel (product §2, §4): email and password; success
 * stores the tokens, loads the profile and closes the panel. Signed in, the tab
 * offers Go to Dashboard instead. Rendered inside the prerendered layout, so it
 * imports no CSS.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '../../components/link.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiError, NetworkError } from '../../shared/api/errors.ts';
import { useAuth } from '../../stores/auth-store.ts';
import { authMessages } from './login-messages.ts';

interface LoginPanelProps {
  onDone: () => void;
}

export function LoginPanel({ onDone }: LoginPanelProps) {
  const signedIn = useAuth((s) => s.status === 'signed-in');
  const navigate = useNavigate();
  if (signedIn) {
    return (
      <div className="login-panel">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            onDone();
            void navigate('/dashboard');
          }}
        >
          Go to Dashboard
        </button>
      </div>
    );
  }
  return <LoginForm onDone={onDone} />;
}

function loginFailureMessage(error: unknown): string {
  if (error instanceof NetworkError) return authMessages.loginOffline;
  // An unverified account (403) and rate limiting (429) say what to do next;
  // every other refusal is the spec's one sentence, which reveals nothing about the account.
  if (error instanceof ApiError && (error.status === 403 || error.status === 429) && error.detail) return error.detail;
  return authMessages.loginFailed;
}

function LoginForm({ onDone }: LoginPanelProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState(false);
  const [busy, setBusy] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      // Sign-in code (API client, IndexedDB, schemas) loads on first use: this panel
      // sits in the layout of every prerendered page (public-site JS budget, decision 005).
      const { signInWithPassword } = await import('../../stores/auth-actions.ts');
      await signInWithPassword(email, password);
      setPassword('');
      onDone();
    } catch (failure) {
      setError(loginFailureMessage(failure));
      setUnverified(failure instanceof ApiError && failure.status === 403);
      emailInput.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  const describedBy = error ? 'login-error' : undefined;
  return (
    <form className="form login-panel" onSubmit={(event) => void onSubmit(event)} noValidate>
      {error ? (
        <p id="login-error" className="alert alert--error" role="alert">
          {error}
          {unverified ? (
            <>
              {' '}
              <Link to={`/verify?email=${encodeURIComponent(email.trim())}`} onClick={onDone}>
                Enter your code
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      <Field label="Email">
        {(control) => (
          <input
            {...control}
            ref={emailInput}
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
          />
        )}
      </Field>
      <Field label="Password">
        {(control) => (
          <input
            {...control}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
          />
        )}
      </Field>
      <button
        type="submit"
        className="button button--primary"
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
      >
        Log in
      </button>
      <p>
        <Link
          to={email.trim() ? `/reset-password?email=${encodeURIComponent(email.trim())}` : '/reset-password'}
          onClick={onDone}
        >
          Forgot password?
        </Link>
      </p>
      <p>
        New here?{' '}
        <Link to="/register" onClick={onDone}>
          Register
        </Link>
      </p>
    </form>
  );
}
