/**
 * Share a listing's public link: the system share sheet (Web Share API)
 * where the browser has one, otherwise copy the link, with a visible
 * confirmation — and where even the clipboard is refused, the link in a
 * field to copy by hand. Before the outbox has sent a new listing there is
 * no link yet, and the button says so instead.
 */
import { useEffect, useId, useState } from 'react';

interface ShareButtonProps {
  /** Absolute public URL, or null while the listing has none. */
  url: string | null;
  title: string;
  text: string;
  /** Why there is nothing to share while `url` is null. */
  notYet?: string;
}

export const SHARE_NOT_YET = 'Share link ready once this listing has synced.';
/** A draft's page answers 404 until it is published: nothing to share or print yet. */
export const SHARE_DRAFT = 'Publish first: a draft has no public page yet.';

export function ShareButton({ url, title, text, notYet = SHARE_NOT_YET }: ShareButtonProps) {
  const hintId = useId();
  const [status, setStatus] = useState('');
  const [manual, setManual] = useState(false);
  useEffect(() => {
    if (!status || manual) return;
    const timer = setTimeout(() => setStatus(''), 4000);
    return () => clearTimeout(timer);
  }, [status, manual]);

  if (!url) {
    return (
      <span className="share">
        <button
          type="button"
          className="button button--small button--quiet"
          aria-disabled="true"
          aria-describedby={hintId}
        >
          Share
        </button>
        <span id={hintId} className="share__hint">
          {notYet}
        </span>
      </span>
    );
  }

  async function share(link: string) {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url: link });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      setManual(false);
      setStatus('Link copied');
    } catch {
      setManual(true);
      setStatus('Copy the link below');
    }
  }

  return (
    <span className="share">
      <button type="button" className="button button--small button--ghost" onClick={() => void share(url)}>
        Share
      </button>
      <span role="status" className="share__status">
        {status}
      </span>
      {manual ? (
        <input
          className="share__manual"
          readOnly
          value={url}
          aria-label="Public link"
          onFocus={(event) => event.currentTarget.select()}
        />
      ) : null}
    </span>
  );
}
