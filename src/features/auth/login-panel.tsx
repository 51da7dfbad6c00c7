import { Link } from 'react-router-dom';
import { useAuth } from '../../stores/auth-store.ts';

interface LoginPanelProps {
  onDone: () => void;
}

export function LoginPanel({ onDone }: LoginPanelProps) {
  const signedIn = useAuth((s) => s.status === 'signed-in');
  if (signedIn) {
    return (
      <Link to="/dashboard" className="button button--primary" onClick={onDone}>
        Go to Dashboard
      </Link>
    );
  }
  return (
    <form className="form" onSubmit={(event) => event.preventDefault()}>
      <label className="field">
        <span className="field__label">Email</span>
        <input type="email" name="email" autoComplete="email" />
      </label>
      <label className="field">
        <span className="field__label">Password</span>
        <input type="password" name="password" autoComplete="current-password" />
      </label>
      <button type="submit" className="button button--primary">
        Log in
      </button>
      <p>
        New here?{' '}
        <Link to="/register" onClick={onDone}>
          Register
        </Link>
      </p>
    </form>
  );
}
