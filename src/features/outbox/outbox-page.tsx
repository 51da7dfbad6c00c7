/**
 * /dashboard/outbox: every queued write, nothing hidden (architecture §5 "Nothing
 * silent"). Each row says what it is, how old, its state and last error, with
 * Retry now, Edit and Discard; conflicts offer keep-mine / take-theirs per
 * field; "Copy unsent changes" puts all of it on the clipboard as text.
 */
import './outbox.css';
import { useState } from 'react';
import { useDocumentTitle } from '../../components/forms/use-document-title.ts';
import { unsentChangesText } from '../../shared/outbox/describe-entry.ts';
import { retryNow } from '../../stores/sync-actions.ts';
import { EVICTED_WARNING } from '../../stores/sync-storage-check.ts';
import { useSync } from '../../stores/sync-store.ts';
import { OutboxEntryRow } from './outbox-entry-row.tsx';
import { useOutboxEntries } from './use-outbox-entries.ts';

export function Component() {
  useDocumentTitle('Outbox', 'dashboard');
  const { entries } = useOutboxEntries();
  const online = useSync((s) => s.online);
  const paused = useSync((s) => s.paused);
  const storageWarning = useSync((s) => s.storageWarning);
  const [copied, setCopied] = useState<string | null>(null);
  const now = Date.now();

  async function copy() {
    const text = unsentChangesText(entries ?? [], Date.now());
    try {
      await navigator.clipboard.writeText(text);
      setCopied('Copied. Paste it into an email or a note to keep it safe.');
    } catch {
      setCopied(text); // no clipboard permission: show the text to select by hand
    }
  }

  return (
    <section className="outbox" aria-labelledby="outbox-title">
      <div className="outbox__top">
        <h1 id="outbox-title">Outbox</h1>
        <div className="outbox__tools">
          <button
            type="button"
            className="button button--small"
            disabled={!entries?.length || !online}
            onClick={() => void retryNow()}
          >
            Retry all now
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={!entries?.length}
            onClick={() => void copy()}
          >
            Copy unsent changes
          </button>
        </div>
      </div>
      <p className="outbox__lede">
        {online
          ? 'Changes you make are saved on this device first and sent in order when the connection allows.'
          : 'You are offline. These changes are saved on this device and go out by themselves, in order, once you are back online; retrying works again then.'}
      </p>
      {paused === 'signed-out' ? (
        <p className="alert alert--error">Sending is paused: sign in again to send these changes.</p>
      ) : null}
      {paused === 'other-user' ? (
        <p className="alert alert--error">
          Some changes were made by another account on this device. They are kept, never sent as you: sign in as that
          account to send them, or copy and discard them.
        </p>
      ) : null}
      {storageWarning ? (
        <p className={storageWarning === EVICTED_WARNING ? 'alert alert--error' : 'outbox__note'}>{storageWarning}</p>
      ) : null}
      {copied ? (
        copied.startsWith('Copied') ? (
          <p role="status" className="alert alert--success">
            {copied}
          </p>
        ) : (
          <textarea className="outbox__copy" readOnly value={copied} aria-label="Unsent changes as text" rows={8} />
        )
      ) : null}
      {entries === null ? null : entries.length === 0 ? (
        <p className="outbox__empty">Nothing waiting: every change has been sent.</p>
      ) : (
        <ol className="outbox__list">
          {entries.map((view) => (
            <OutboxEntryRow key={view.id} view={view} now={now} />
          ))}
        </ol>
      )}
    </section>
  );
}
