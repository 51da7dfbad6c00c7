/**
 * Profile (product §2, §5, §7): display name (spaces stripped while typing;
 * letters, digits, "." and "_" only), bio and profile image. Saves go through
 * the outbox; the result is `Saved ✓`, the server's detail, or `Failed to
 * save.` — or, offline, saved on this device and pending.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { DISPLAY_NAME_MESSAGE, isValidDisplayName, stripDisplayNameSpaces } from '../../shared/contract/auth.ts';
import type { User } from '../../shared/contract/user.ts';
import { ApiError } from '../../shared/api/errors.ts';
import { getAccountProfile } from '../../shared/api/get-profile.ts';
import { overlayProfile, viewsOfAccount } from '../../shared/outbox/overlay.ts';
import { api } from '../../lib/api.ts';
import { chosenAccountOf, useAccount } from '../../stores/account-store.ts';
import { ImagePicker } from '../../components/image-picker.tsx';
import { Field } from '../../components/ui/field.tsx';
import { useAuth } from '../../stores/auth-store.ts';
import { useSync } from '../../stores/sync-store.ts';
import { SyncBadge } from '../../components/forms/sync-badge.tsx';
import { DraftBanner } from '../../components/forms/draft-banner.tsx';
import { pendingMessage, saveThroughOutbox } from '../../components/forms/save-result.ts';
import { useDocumentTitle } from '../../components/forms/use-document-title.ts';
import { useDraft } from '../../components/forms/use-draft.ts';
import { ChangeEmailForm } from './change-email-form.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { FirstEventHint } from './first-event-hint.tsx';
import { PublicPageLink } from './public-page-link.tsx';

interface ProfileValues {
  display_name: string;
  bio: string;
}

type Result = { tone: 'success' | 'error' | 'pending'; text: string } | null;

const DRAFT_KEY = 'profile';

export function Component() {
  const user = useAuth((s) => s.user);
  const actingFor = useAccount((s) => chosenAccountOf(s, user?.id));
  if (!user) return null;
  if (actingFor !== null) return <AccountProfile key={actingFor} ownerId={actingFor} />;
  return <ProfileForm key={user.id} user={user} actingFor={null} />;
}

/**
 * A manager acting for an owner (contract §12) edits the owner's profile — but
 * not the owner's sign-in: no password or email forms. Loaded from the server
 * with X-Account; it cannot be shown offline.
 */
function AccountProfile({ ownerId }: { ownerId: number }) {
  const [owner, setOwner] = useState<User | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getAccountProfile(api, ownerId, controller.signal).then(setOwner, (error: unknown) => {
      if (controller.signal.aborted) return;
      setFailed(
        error instanceof ApiError && error.detail
          ? error.detail
          : 'This account’s profile could not be loaded. Try again when connected.',
      );
    });
    return () => controller.abort();
  }, [ownerId]);
  if (owner) return <ProfileForm user={owner} actingFor={ownerId} />;
  return (
    <section className="dash-page" aria-labelledby="profile-title">
      <div className="dash-page__head">
        <h1 id="profile-title">Profile</h1>
      </div>
      <p className={failed ? 'alert alert--error' : 'page-loading'} role={failed ? 'alert' : 'status'}>
        {failed ?? 'Loading the profile…'}
      </p>
    </section>
  );
}

/** The profile with any unsent profile writes for the same account laid over it. */
function useShownProfile(user: User, actingFor: number | null): ProfileValues {
  const views = useSync((s) => s.views);
  return useMemo(
    () => overlayProfile({ display_name: user.display_name, bio: user.bio }, viewsOfAccount(views, actingFor)),
    [user, views, actingFor],
  );
}

function ProfileForm({ user, actingFor }: { user: User; actingFor: number | null }) {
  useDocumentTitle('Profile', 'dashboard');
  const shown = useShownProfile(user, actingFor);
  const [values, setValues] = useState<ProfileValues>(shown);
  const [image, setImage] = useState<Blob | null>(null);
  const [result, setResult] = useState<Result>(null);
  const [saving, setSaving] = useState(false);
  const pending = useSync((s) => s.byTarget.profile?.state ?? null);
  const draft = useDraft(DRAFT_KEY, user.id, values, shown);
  const edited = useRef(false);

  // Until the user types, follow the shown profile (pending writes load a moment later).
  useEffect(() => {
    if (!edited.current) setValues(shown);
  }, [shown]);

  const nameError =
    values.display_name !== '' && !isValidDisplayName(values.display_name) ? DISPLAY_NAME_MESSAGE : null;

  function change(next: Partial<ProfileValues>) {
    draft.markTouched();
    edited.current = true;
    setResult(null);
    setValues((old) => ({ ...old, ...next }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (nameError) return;
    setSaving(true);
    setResult(null);
    const outcome = await saveThroughOutbox({
      kind: 'profile.update',
      target: 'profile',
      fields: { display_name: values.display_name, bio: values.bio },
      ...(image ? { image } : {}),
    });
    setSaving(false);
    if (outcome.kind === 'saved') {
      if (outcome.result?.kind === 'profile' && actingFor === null) useAuth.setState({ user: outcome.result.user });
      setImage(null);
      void draft.clear();
      setResult({ tone: 'success', text: 'Saved ✓' });
    } else if (outcome.kind === 'pending') {
      setImage(null);
      void draft.clear();
      setResult({ tone: 'pending', text: pendingMessage(outcome.reason) });
    } else {
      setResult({ tone: 'error', text: (outcome.kind === 'rejected' && outcome.detail) || 'Failed to save.' });
    }
  }

  return (
    <section className="dash-page" aria-labelledby="profile-title">
      <div className="dash-page__head">
        <h1 id="profile-title">Profile</h1>
        <SyncBadge state={pending} />
      </div>
      <FirstEventHint />
      <DraftBanner
        draftKey={DRAFT_KEY}
        onRestore={(data) => {
          draft.restored();
          edited.current = true;
          setValues({ ...shown, ...(data as Partial<ProfileValues>) });
        }}
        onDiscard={() => void draft.clear()}
      />
      <form className="form dash-card" onSubmit={(event) => void onSubmit(event)} noValidate>
        <Field label="Display name" error={nameError} hint="Letters, numbers, “.” and “_”; no spaces.">
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={values.display_name}
              onChange={(event) => change({ display_name: stripDisplayNameSpaces(event.target.value) })}
            />
          )}
        </Field>
        <Field label="Bio">
          {(control) => (
            <textarea
              {...control}
              rows={4}
              value={values.bio}
              onChange={(event) => change({ bio: event.target.value })}
            />
          )}
        </Field>
        <ImagePicker
          label="Profile image"
          currentUrl={user.profile_image}
          value={image}
          round
          onChange={(next) => {
            setResult(null);
            setImage(next);
          }}
        />
        <div className="form__footer">
          <button type="submit" className="button button--primary" disabled={saving || nameError !== null}>
            {saving ? 'Saving…' : 'Save'}
          </button>
          <SaveMessage result={result} />
        </div>
      </form>
      <PublicPageLink displayName={user.display_name} publicName={user.public_name} />
      {actingFor === null ? (
        <>
          <ChangePasswordForm />
          <ChangeEmailForm currentEmail={user.email} />
        </>
      ) : null}
    </section>
  );
}

function SaveMessage({ result }: { result: Result }) {
  // Always rendered so that screen readers hear the result when it appears.
  return (
    <p
      className={`save-message save-message--${result?.tone ?? 'none'}`}
      role={result?.tone === 'error' ? 'alert' : 'status'}
    >
      {result?.text ?? ''}
    </p>
  );
}
