/**
 * What InstallApp shows once there is something to offer: the Install button
 * (the browser's own dialog) or the iOS Add-to-Home-Screen hint.
 */
import { promptInstall } from '../lib/install-prompt.ts';

export interface InstallOfferProps {
  offer: 'prompt' | 'ios-hint';
  className?: string | undefined;
}

export function InstallAppOffer({ offer, className }: InstallOfferProps) {
  if (offer === 'prompt') {
    return (
      <button
        type="button"
        className={`button button--primary ${className ?? ''}`}
        onClick={() => void promptInstall()}
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 18 18">
          <path
            d="M9 2v9m0 0l-4-4m4 4l4-4M3 15h12"
            stroke="currentColor"
            strokeWidth="2"
            fill="none"
            strokeLinecap="round"
          />
        </svg>
        Install
      </button>
    );
  }
  return (
    <p className={`install-hint ${className ?? ''}`}>
      <strong>Install on iPhone:</strong> tap the Share button{' '}
      <svg aria-hidden="true" width="14" height="16" viewBox="0 0 14 16">
        <path d="M7 1v9M3.5 4.5L7 1l3.5 3.5M2 7v8h10V7" stroke="currentColor" strokeWidth="1.6" fill="none" />
      </svg>{' '}
      in Safari, then <strong>Add to Home Screen</strong>.
    </p>
  );
}
