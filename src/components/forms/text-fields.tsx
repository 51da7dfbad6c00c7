/**
 * The inputs every account form asks for: an email address, a password (the
 * current one or a new one), and a mailed 4-digit code (verification,
 * password reset, email change). One place for their autocomplete, keyboard
 * and length rules, so the forms agree.
 */
import { useState, type ReactNode } from 'react';
import { VERIFICATION_CODE_INPUT_MAX } from '../../shared/contract/auth.ts';
import { Field } from '../ui/field.tsx';

interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode | undefined;
  error?: string | null | undefined;
  className?: string | undefined;
}

function fieldProps({ label, hint, error, className }: TextFieldProps) {
  return { label, ...(hint ? { hint } : {}), error: error ?? null, ...(className ? { className } : {}) };
}

export function EmailField(props: TextFieldProps) {
  return (
    <Field {...fieldProps(props)}>
      {(control) => (
        <input
          {...control}
          type="email"
          name={props.name}
          autoComplete="email"
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

export function CodeField(props: TextFieldProps) {
  return (
    <Field {...fieldProps(props)}>
      {(control) => (
        <input
          {...control}
          name={props.name}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={VERIFICATION_CODE_INPUT_MAX}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/**
 * `autoComplete` tells password managers whether to fill in a saved password or
 * offer a new one. Show / Hide lets people check what they typed on a phone
 * keyboard, as registration's field does.
 */
export function PasswordField(props: TextFieldProps & { autoComplete: 'current-password' | 'new-password' }) {
  const [visible, setVisible] = useState(false);
  return (
    <Field {...fieldProps(props)}>
      {(control) => (
        <span className="password-input">
          <input
            {...control}
            type={visible ? 'text' : 'password'}
            name={props.name}
            autoComplete={props.autoComplete}
            value={props.value}
            onChange={(event) => props.onChange(event.target.value)}
          />
          <button
            type="button"
            className="button button--ghost button--small password-input__toggle"
            aria-controls={control.id}
            aria-pressed={visible}
            aria-label="Show password"
            onClick={() => setVisible((value) => !value)}
          >
            {visible ? 'Hide' : 'Show'}
          </button>
        </span>
      )}
    </Field>
  );
}
