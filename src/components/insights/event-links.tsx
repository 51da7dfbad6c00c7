/**
 * A listing's tagged links in its Insights (contract §11): **Links** lists
 * them (label, address with a Copy button, views over the last 30 days) and
 * **New link** makes one. Making a link needs the server — the address it
 * answers is what goes on the poster — so it is not queued offline: the form
 * says so and keeps the label for another try.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { createEventLink, listEventLinks } from '../../shared/api/event-links.ts';
import { ApiError, NetworkError } from '../../shared/api/errors.ts';
import { LINK_LABEL_MAX, LINKS_PER_EVENT, type EventLink } from '../../shared/contract/event-links.ts';
import { api } from '../../lib/api.ts';

type Listed = { status: 'loading' } | { status: 'ready'; links: EventLink[] } | { status: 'error'; offline: boolean };

const OFFLINE = 'You’re offline: try again when connected.';

function failure(error: unknown): string {
  if (error instanceof NetworkError) return OFFLINE;
  if (error instanceof ApiError && error.detail) return error.detail;
  return 'The link could not be made. Please try again.';
}

function LinkRow({ link }: { link: EventLink }) {
  const [copied, setCopied] = useState('');
  async function copy() {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied('Link copied');
    } catch {
      setCopied('Select the address to copy it');
    }
  }
  return (
    <li className="insights__link">
      <span className="insights__link-label">{link.label}</span>
      <input
        className="insights__link-url"
        readOnly
        value={link.url}
        aria-label={`Address of ${link.label}`}
        onFocus={(event) => event.currentTarget.select()}
      />
      <button type="button" className="button button--small" onClick={() => void copy()}>
        Copy
      </button>
      <span className="insights__link-views">
        {link.views.toLocaleString()} {link.views === 1 ? 'view' : 'views'}
      </span>
      <span aria-live="polite">{copied}</span>
    </li>
  );
}

export function EventLinks({ eventId }: { eventId: number }) {
  const labelId = useId();
  const [listed, setListed] = useState<Listed>({ status: 'loading' });
  const [label, setLabel] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    const abort = new AbortController();
    listEventLinks(api, eventId, abort.signal).then(
      (links) => setListed({ status: 'ready', links }),
      (error: unknown) => {
        if (!abort.signal.aborted) setListed({ status: 'error', offline: error instanceof NetworkError });
      },
    );
    return () => abort.abort();
  }, [eventId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const wanted = label.trim();
    if (!wanted) return setProblem('Give the link a label, such as “Library poster”.');
    setSaving(true);
    setProblem('');
    try {
      const link = await createEventLink(api, eventId, wanted);
      setListed((now) => ({ status: 'ready', links: [...(now.status === 'ready' ? now.links : []), link] }));
      setLabel('');
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setSaving(false);
    }
  }

  const full = listed.status === 'ready' && listed.links.length >= LINKS_PER_EVENT;
  return (
    <section className="insights__section" aria-labelledby={`${labelId}-links`}>
      <h3 id={`${labelId}-links`}>Links</h3>
      <p className="field__hint">
        Give each poster or post its own link to see which one brings people. Views through it count under its label.
      </p>
      {listed.status === 'loading' ? <p aria-live="polite">Loading links…</p> : null}
      {listed.status === 'error' ? (
        // Not an alert: offline, the insights above already say so.
        <p className="alert alert--error">
          {listed.offline ? 'You’re offline, so the links cannot be shown.' : 'The links could not be loaded.'}
        </p>
      ) : null}
      {listed.status === 'ready' && listed.links.length > 0 ? (
        <ul className="insights__links">
          {listed.links.map((link) => (
            <LinkRow key={link.id} link={link} />
          ))}
        </ul>
      ) : null}
      {listed.status === 'ready' && listed.links.length === 0 ? <p>No links yet.</p> : null}
      <form className="insights__new-link" onSubmit={(event) => void submit(event)} aria-label="New link">
        <label htmlFor={labelId}>Label</label>
        <input
          id={labelId}
          value={label}
          maxLength={LINK_LABEL_MAX}
          onChange={(event) => setLabel(event.target.value)}
          disabled={full}
        />
        <button type="submit" className="button button--small" disabled={saving || full}>
          New link
        </button>
        {full ? <p className="field__hint">An event can have at most {LINKS_PER_EVENT} links.</p> : null}
        {problem ? (
          <p className="alert alert--error" role="alert">
            {problem}
          </p>
        ) : null}
      </form>
    </section>
  );
}
