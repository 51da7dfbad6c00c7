/**
 * The last part of both ways to reset a password (code or mailed link): the
 * New password field and the Reset password button.
 */
import { NewPasswordField } from './new-password-field.tsx';

export function NewPasswordAndReset({
  password,
  onChange,
  error,
  busy,
}: {
  password: string;
  onChange: (value: string) => void;
  error: string | null;
  /** Which action runs, if any: the button is busy while 'reset' does. */
  busy: string | null;
}) {
  return (
    <>
      <NewPasswordField label="New password" value={password} error={error} onChange={onChange} />
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
    </>
  );
}
