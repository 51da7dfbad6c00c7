/**
 * `/team/accept?token=…` (contract §12): the invitation's link. Signed in, it
 * accepts at once and says for whom the person can now act; signed out, it
 * asks to log in (or register) with the invited address first and keeps the
 * link to come back to.
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../components/link.tsx';
import { useDocumentTitle } from '../../components/forms/use-document-title.ts';
import { api } from '../../lib/api.ts';
import { NetworkError, serverDetail } from '../../shared/api/errors.ts';
import { acceptTeamInvite } from '../../shared/api/team.ts';
import { useAuth } from '../../stores/auth-store.ts';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

export function Component() {
  useDocumentTitle('Join a team');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const status = useAuth((s) => s.status);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (status !== 'signed-in' || !token || sent.current) return;
    sent.current = true;
    acceptTeamInvite(api, token).then(
      (answer) => setOutcome({ tone: 'success', text: answer.detail }),
      (failure: unknown) =>
        setOutcome({
          tone: 'error',
          text:
            failure instanceof NetworkError
              ? 'You appear to be offline. Open the link again when you are online.'
              : (serverDetail(failure) ?? 'Could not accept the invitation.'),
        }),
    );
  }, [status, token]);

  return (
    <section className="page page--narrow" aria-labelledby="team-accept-title">
      <h1 id="team-accept-title">Join a team</h1>
      {!token ? (
        <p className="alert alert--error" role="alert">
          This invitation link is incomplete. Open the link from the email again.
        </p>
      ) : status === 'loading' ? (
        <p role="status">Checking your sign-in…</p>
      ) : status === 'signed-out' ? (
        <>
          <p>
            Log in with the email address the invitation was sent to, then open this link again. No account yet?
            Register with that address first.
          </p>
          <p>
            <Link className="button button--primary" to="/?login=1">
              Log in
            </Link>{' '}
            <Link className="button button--ghost" to="/register">
              Register
            </Link>
          </p>
        </>
      ) : outcome ? (
        <>
          <p className={`alert alert--${outcome.tone}`} role={outcome.tone === 'error' ? 'alert' : 'status'}>
            {outcome.text}
          </p>
          {outcome.tone === 'success' ? <Link to="/dashboard">Go to the dashboard</Link> : null}
        </>
      ) : (
        <p role="status">Accepting the invitation…</p>
      )}
    </section>
  );
}
