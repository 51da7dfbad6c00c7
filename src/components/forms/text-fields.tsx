/**
 * The two inputs every account form asks for: an email address, and a mailed
 * 4-digit code (verification, password reset, email change). One place for
 * their autocomplete, keyboard and length rules, so the three forms agree.
 */
import type { ReactNode } from 'react';
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
