import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { brand } from '../../brand.ts';
import { EmailSchema } from '../../shared/contract/formats.ts';
import { ISSUE_MESSAGE_TOO_SHORT, isIssueMessageLongEnough } from '../../shared/contract/issue.ts';
import {
  invalidEmailMessage,
  keptMessage,
  keptOfflineMessage,
  networkFailureMessage,
  serverFailureMessage,
} from './issue-messages.ts';
import { prepareOfflineSubmit, submitIssueReport } from './submit-issue-report.ts';

type Status =
  | { state: 'editing' }
  | { state: 'sending' }
  | { state: 'sent' }
  /** `saved`: the outbox kept the report and sends it by itself once requests get through. */
  | { state: 'failed'; message: string; saved: boolean }
  /** Offline and kept: not a failure, just later. */
  | { state: 'kept' };

/** The same rule as the server's (src/shared/contract/formats.ts); empty means no reply wanted. */
function emailProblem(email: string): string | null {
  return email.trim() === '' || v.is(EmailSchema, email) ? null : invalidEmailMessage;
}

/** The report form (product §4 "Issue form"): editing → submitting → thank-you or error. */
export function IssueForm() {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState<Status>({ state: 'editing' });
  // Shown once the reporter leaves the field or submits, not while they are still typing it.
  const [emailChecked, setEmailChecked] = useState(false);
  // One key per report: a retry after a lost answer must not send a second mail.
  const key = useRef<string | null>(null);
  const thanks = useRef<HTMLDivElement>(null);
  const prepared = useRef(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const messageInput = useRef<HTMLTextAreaElement>(null);

  // Text typed into the prerendered form before the page hydrated is in the
  // fields but not in state: take it over once, so nothing typed is lost.
  useEffect(() => {
    const typedEmail = emailInput.current?.value ?? '';
    const typedMessage = messageInput.current?.value ?? '';
    if (typedEmail) setEmail((current) => current || typedEmail);
    if (typedMessage) setMessage((current) => current || typedMessage);
  }, []);
  const valid = isIssueMessageLongEnough(message);
  const sending = status.state === 'sending';
  const emailError = emailChecked ? emailProblem(email) : null;
  // The rule explains the greyed Submit while someone writes; not under a box a sent report just emptied.
  const showRule = !valid && status.state === 'editing';

  function edit(update: () => void) {
    update();
    key.current = null;
    if (status.state !== 'sending') setStatus({ state: 'editing' });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!valid || sending) return;
    if (emailProblem(email)) {
      setEmailChecked(true);
      emailInput.current?.focus();
      return;
    }
    key.current ??= crypto.randomUUID();
    setStatus({ state: 'sending' });
    const outcome = await submitIssueReport({ email, message }, key.current);
    if (outcome.kind === 'sent') {
      key.current = null;
      setEmail('');
      setMessage('');
      setEmailChecked(false);
      setStatus({ state: 'sent' });
      requestAnimationFrame(() => thanks.current?.focus());
    } else if (outcome.kind === 'unreachable') {
      if (outcome.saved) {
        // Safe on this device: clear the form so it is not submitted twice.
        key.current = null;
        setEmail('');
        setMessage('');
        setEmailChecked(false);
        if (!outcome.answered && !navigator.onLine) {
          setStatus({ state: 'kept' });
          return;
        }
      }
      const said = outcome.answered ? (outcome.answered.detail ?? serverFailureMessage) : networkFailureMessage;
      setStatus({ state: 'failed', message: said, saved: outcome.saved });
    } else {
      setStatus({ state: 'failed', message: outcome.detail ?? serverFailureMessage, saved: false });
    }
  }

  return (
    <>
      {status.state === 'sent' ? (
        <div ref={thanks} tabIndex={-1} role="status" className="thanks">
          <h2>Thank you — your report is with us</h2>
          <p>
            A member of the team will read it and, if you left an email address, reply within {brand.replyWithinHours}{' '}
            hours.
          </p>
        </div>
      ) : null}
      <form
        className="form issue-form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        onFocus={() => {
          if (!prepared.current) prepareOfflineSubmit();
          prepared.current = true;
        }}
      >
        {status.state === 'sent' ? <h2 className="issue-form__again">Report another issue</h2> : null}
        <div className="field">
          <label htmlFor="issue-email" className="field__label">
            Email
          </label>
          <input
            id="issue-email"
            ref={emailInput}
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            aria-describedby={emailError ? 'issue-email-hint issue-email-error' : 'issue-email-hint'}
            aria-invalid={emailError ? true : undefined}
            onChange={(event) => edit(() => setEmail(event.target.value))}
            onBlur={() => setEmailChecked(true)}
          />
          <p id="issue-email-hint" className="field__hint">
            Optional. Add it if you would like a reply.
          </p>
          {emailError ? (
            <p id="issue-email-error" className="field__error">
              {emailError}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="issue-message" className="field__label">
            Message
          </label>
          <textarea
            id="issue-message"
            ref={messageInput}
            name="message"
            rows={7}
            value={message}
            aria-describedby={showRule ? 'issue-message-hint issue-message-rule' : 'issue-message-hint'}
            aria-invalid={message !== '' && !valid}
            onChange={(event) => edit(() => setMessage(event.target.value))}
          />
          <p id="issue-message-hint" className="field__hint">
            What happened, what you expected, and on which page or screen.
          </p>
        </div>
        {status.state === 'failed' ? (
          <p role="alert" className="alert alert--error">
            {status.message}
          </p>
        ) : null}
        {status.state === 'failed' && status.saved ? (
          <p role="status" className="alert alert--saved">
            {keptMessage}
          </p>
        ) : null}
        {status.state === 'kept' ? (
          <p role="status" className="alert alert--saved">
            {keptOfflineMessage}
          </p>
        ) : null}
        <div className="actions issue-form__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={!valid || sending}
            aria-describedby={showRule ? 'issue-message-rule' : undefined}
          >
            Submit
          </button>
          {showRule ? (
            // Beside the greyed button, where a tap on it looks for the reason (product §5's sentence).
            <p
              id="issue-message-rule"
              className={message === '' ? 'issue-form__rule' : 'issue-form__rule field__error'}
            >
              {ISSUE_MESSAGE_TOO_SHORT}
            </p>
          ) : null}
          {sending ? (
            <span role="status" className="issue-form__sending">
              Sending…
            </span>
          ) : null}
        </div>
      </form>
    </>
  );
}
