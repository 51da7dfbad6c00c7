import { useId, useState } from 'react';
import { passwordStrength, strengthHints } from './password-strength.ts';

/** A new-password field with a show/hide toggle and a live strength hint. */
export function NewPasswordField(props: {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  /** Defaults to "Password" (register); the reset page says "New password". */
  label?: string;
}) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const strength = passwordStrength(props.value);
  const describedBy = [`${id}-hint`, props.error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {props.label ?? 'Password'}
      </label>
      <div className="password-input">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          name="password"
          autoComplete="new-password"
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          aria-describedby={describedBy}
          aria-invalid={props.error ? true : undefined}
        />
        <button
          type="button"
          className="button button--ghost button--small password-input__toggle"
          aria-controls={id}
          aria-pressed={visible}
          aria-label="Show password"
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      <span id={`${id}-hint`} className={`field__hint strength strength--${strength}`} aria-live="polite">
        {strengthHints[strength]}
      </span>
      {props.error ? (
        <span id={`${id}-error`} className="field__error">
          {props.error}
        </span>
      ) : null}
    </div>
  );
}
