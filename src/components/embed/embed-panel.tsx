/**
 * What the Embed button (embed-button.tsx) opens: the code another site
 * pastes to show this event — an iframe of its frame, `/embed/e/{id}` — with
 * a Copy button, and the frame itself as a live preview. The frame is served
 * by this site, so an edit shows on every site that embeds it.
 */
import './embed.css';
import { useEffect, useId, useRef, useState } from 'react';
import {
  EMBED_DEFAULT_WIDTH,
  EMBED_EVENT_HEIGHT,
  embedEventPath,
  embedIframeCode,
} from '../../shared/contract/embed-url.ts';

interface EmbedPanelProps {
  eventId: number;
  title: string;
  onClose: () => void;
  /** Where the frame is served from: the origin the dashboard was reached at, as Share uses. */
  origin?: string;
}

export function EmbedPanel({ eventId, title, onClose, origin = window.location.origin }: EmbedPanelProps) {
  const codeId = useId();
  const codeRef = useRef<HTMLTextAreaElement>(null);
  const [status, setStatus] = useState('');
  const src = origin + embedEventPath(eventId);
  const code = embedIframeCode(src, title || 'Event', EMBED_DEFAULT_WIDTH, EMBED_EVENT_HEIGHT);

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(''), 4000);
    return () => clearTimeout(timer);
  }, [status]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setStatus('Code copied');
    } catch {
      // No clipboard (refused, or an old browser): the code is selected for the reader to copy.
      codeRef.current?.focus();
      codeRef.current?.select();
      setStatus('Press Ctrl+C (or ⌘C) to copy the selected code');
    }
  }

  return (
    <div className="form-modal__form">
      <div className="form-modal__head">
        <h2>Embed</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="form-modal__body embed">
        <p className="embed__lead">
          Show <strong>{title || 'Untitled'}</strong> on your own website: paste this code into a page. It stays up to
          date when you edit the event.
        </p>
        <div className="embed__code">
          <label htmlFor={codeId}>Code to paste</label>
          <textarea
            id={codeId}
            ref={codeRef}
            readOnly
            rows={4}
            value={code}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
          />
          <p className="embed__copy">
            <button type="button" className="button button--small" onClick={() => void copy()} data-autofocus>
              Copy code
            </button>
            <span role="status" className="embed__status">
              {status}
            </span>
          </p>
        </div>
        <p className="embed__hint">
          Sites that understand oEmbed, like WordPress, embed the event from its public link alone.
        </p>
        <section className="embed__preview" aria-labelledby={`${codeId}-preview`}>
          <h3 id={`${codeId}-preview`}>Preview</h3>
          <iframe
            src={src}
            title={`Preview: ${title || 'Untitled'}`}
            width={EMBED_DEFAULT_WIDTH}
            height={EMBED_EVENT_HEIGHT}
            loading="lazy"
          />
        </section>
      </div>
    </div>
  );
}
