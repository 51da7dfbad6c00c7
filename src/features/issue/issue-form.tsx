import { useEffect, useRef, useState, type FormEvent } from 'react';
import { brand } from '../../brand.ts';
import { ISSUE_MESSAGE_TOO_SHORT, isIssueMessageLongEnough } from '../../shared/contract/issue.ts';
import { keptMessage, networkFailureMessage, serverFailureMessage } from './issue-messages.ts';
import { prepareOfflineSubmit, submitIssueReport } from './submit-issue-report.ts';

type Status =
  | { state: 'editing' }
  | { state: 'sending' }
  | { state: 'sent' }
  /** `saved`: the outbox kept the report and sends it by itself once requests get through. */
  | { state: 'failed'; message: string; saved: boolean };

/** The report form (product §4 "Issue form"): editing → submitting → thank-you or error. */
export function IssueForm() {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState<Status>({ state: 'editing' });
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

  function edit(update: () => void) {
    update();
    key.current = null;
    if (status.state !== 'sending') setStatus({ state: 'editing' });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!valid || sending) return;
    key.current ??= crypto.randomUUID();
    setStatus({ state: 'sending' });
    const outcome = await submitIssueReport({ email, message }, key.current);
    if (outcome.kind === 'sent') {
      key.current = null;
      setEmail('');
      setMessage('');
      setStatus({ state: 'sent' });
      requestAnimationFrame(() => thanks.current?.focus());
    } else if (outcome.kind === 'unreachable') {
      if (outcome.saved) {
        // Safe on this device: clear the form so it is not submitted twice.
        key.current = null;
        setEmail('');
        setMessage('');
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
            aria-describedby="issue-email-hint"
            onChange={(event) => edit(() => setEmail(event.target.value))}
          />
          <p id="issue-email-hint" className="field__hint">
            Optional. Leave it if you would like an answer.
          </p>
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
            aria-describedby={valid ? 'issue-message-hint' : 'issue-message-hint issue-message-rule'}
            aria-invalid={message !== '' && !valid}
            onChange={(event) => edit(() => setMessage(event.target.value))}
          />
          <p id="issue-message-hint" className="field__hint">
            What happened, what you expected, and on which page or screen.
          </p>
          {valid ? null : (
            <p id="issue-message-rule" className={message === '' ? 'field__hint' : 'field__error'}>
              {ISSUE_MESSAGE_TOO_SHORT}
            </p>
          )}
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
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={!valid || sending}>
            Submit
          </button>
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
