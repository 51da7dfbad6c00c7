/**
 * /register (product §2, §5): creates an unverified business or promoter account,
 * then sends the user to /verify with the email. Client-rendered only. The
 * account type comes first and has no default: a promoter who skimmed past a
 * pre-selected Business at the end used to register as a business.
 */
import './auth-pages.css';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '../../components/link.tsx';
import { Field } from '../../components/ui/field.tsx';
import { api } from '../../lib/api.ts';
import { ApiError, NetworkError, serverDetail } from '../../shared/api/errors.ts';
import { register } from '../../shared/api/register.ts';
import {
  DISPLAY_NAME_MESSAGE,
  isValidDisplayName,
  stripDisplayNameSpaces,
  type RegisterUserType,
} from '../../shared/contract/auth.ts';
import type { Gender } from '../../shared/contract/user.ts';
import { authMessages } from './login-messages.ts';
import { NewPasswordField } from './new-password-field.tsx';
import { useFocusFirstError } from '../../components/forms/use-focus-first-error.ts';
import { useDocumentTitle } from '../../components/forms/use-document-title.ts';

interface RegisterForm {
  email: string;
  full_name: string;
  display_name: string;
  password: string;
  date_of_birth: string;
  gender: Gender;
  /** Empty until the person chooses. */
  user_type: RegisterUserType | '';
}

type FieldErrors = Partial<Record<keyof RegisterForm, string>>;

const emptyForm: RegisterForm = {
  email: '',
  full_name: '',
  display_name: '',
  password: '',
  date_of_birth: '',
  gender: '',
  user_type: '',
};

const genderOptions: readonly { value: Gender; label: string }[] = [
  { value: '', label: 'Not given' },
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'prefer not to say', label: 'Prefer not to say' },
];

/** The latest birth date of an adult today (product §1: 18+), for the date picker's `max`. */
function latestAdultBirthDate(today = new Date()): string {
  const date = new Date(today.getFullYear() - 18, today.getMonth(), today.getDate());
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function firstMessages(errors: Readonly<Record<string, readonly string[]>> | null): FieldErrors {
  const out: FieldErrors = {};
  for (const key of Object.keys(emptyForm) as (keyof RegisterForm)[]) {
    const message = errors?.[key]?.[0];
    if (message) out[key] = message;
  }
  return out;
}

export function Component() {
  useDocumentTitle('Create your account');
  const navigate = useNavigate();
  const [form, setForm] = useState<RegisterForm>(emptyForm);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);

  const displayNameError =
    form.display_name && !isValidDisplayName(form.display_name) ? DISPLAY_NAME_MESSAGE : fieldErrors.display_name;

  function update<K extends keyof RegisterForm>(key: K, value: RegisterForm[K]) {
    setForm((current) => ({ ...current, [key]: value }));
    setFieldErrors((current) => ({ ...current, [key]: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const userType = form.user_type;
    if (!userType) setFieldErrors((current) => ({ ...current, user_type: authMessages.chooseAccountType }));
    if (!userType || (form.display_name && !isValidDisplayName(form.display_name))) {
      focusFirstError();
      return;
    }
    setBusy(true);
    try {
      await register(api, { ...form, user_type: userType, email: form.email.trim(), is_promoter: true });
      void navigate(`/verify?email=${encodeURIComponent(form.email.trim())}`);
    } catch (failure) {
      setFieldErrors(firstMessages(failure instanceof ApiError ? failure.errors : null));
      setFormError(
        failure instanceof NetworkError ? authMessages.offline : (serverDetail(failure) ?? authMessages.registerFailed),
      );
      focusFirstError();
    } finally {
      setBusy(false);
    }
  }

  return (
    <article className="page page--narrow auth-page">
      <h1>Create your account</h1>
      <p className="auth-page__lead">
        For businesses and promoters: list your venue and your events. Already registered?{' '}
        <Link to="/login">Log in</Link>
      </p>
      <form ref={formRef} className="form auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {formError ? (
          <p id="register-error" className="alert alert--error" role="alert" tabIndex={-1} data-error-summary>
            {formError}
          </p>
        ) : null}
        <AccountTypeChoice
          value={form.user_type}
          error={fieldErrors.user_type ?? null}
          onChange={(value) => update('user_type', value)}
        />
        <Field label="Email" error={fieldErrors.email ?? null}>
          {(control) => (
            <input
              {...control}
              type="email"
              name="email"
              autoComplete="email"
              value={form.email}
              onChange={(event) => update('email', event.target.value)}
            />
          )}
        </Field>
        <Field label="Full name" error={fieldErrors.full_name ?? null}>
          {(control) => (
            <input
              {...control}
              name="full_name"
              autoComplete="name"
              value={form.full_name}
              onChange={(event) => update('full_name', event.target.value)}
            />
          )}
        </Field>
        <Field
          label="Display name"
          hint="Your public username: letters, numbers, “.” and “_”."
          error={displayNameError ?? null}
        >
          {(control) => (
            <input
              {...control}
              name="display_name"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={form.display_name}
              onChange={(event) => update('display_name', stripDisplayNameSpaces(event.target.value))}
            />
          )}
        </Field>
        <NewPasswordField
          value={form.password}
          error={fieldErrors.password ?? null}
          onChange={(value) => update('password', value)}
        />
        <Field label="Date of birth" hint="You must be 18 or older." error={fieldErrors.date_of_birth ?? null}>
          {(control) => (
            <input
              {...control}
              type="date"
              name="date_of_birth"
              autoComplete="bday"
              max={latestAdultBirthDate()}
              value={form.date_of_birth}
              onChange={(event) => update('date_of_birth', event.target.value)}
            />
          )}
        </Field>
        <Field label="Gender" error={fieldErrors.gender ?? null}>
          {(control) => (
            <select
              {...control}
              name="gender"
              value={form.gender}
              onChange={(event) => update('gender', event.target.value as Gender)}
            >
              {genderOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
        >
          Register
        </button>
      </form>
    </article>
  );
}

function AccountTypeChoice(props: {
  value: RegisterUserType | '';
  error: string | null;
  onChange: (value: RegisterUserType) => void;
}) {
  const choices = [
    { value: 'business', label: 'Business', hint: 'Needs a physical business address.' },
    { value: 'subpromoter', label: 'Promoter', hint: 'For listing events.' },
  ] as const;
  return (
    <fieldset className="choice-group" aria-describedby={props.error ? 'user-type-error' : undefined}>
      <legend className="field__label">Account type</legend>
      {choices.map((choice) => (
        <div key={choice.value} className="choice">
          <input
            type="radio"
            id={`user-type-${choice.value}`}
            name="user_type"
            value={choice.value}
            checked={props.value === choice.value}
            onChange={() => props.onChange(choice.value)}
            aria-describedby={`user-type-${choice.value}-hint`}
            aria-invalid={props.error ? true : undefined}
          />
          <label htmlFor={`user-type-${choice.value}`}>{choice.label}</label>
          <span id={`user-type-${choice.value}-hint`} className="field__hint choice__hint">
            {choice.hint}
          </span>
        </div>
      ))}
      {props.error ? (
        <span id="user-type-error" className="field__error">
          {props.error}
        </span>
      ) : null}
    </fieldset>
  );
}
