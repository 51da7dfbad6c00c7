import { useState } from 'react';
import { applyUpdate } from '../../lib/sw-control.ts';

/** "Update available — Reload"; the reload waits while the reload guard says no (unsent writes). */
export function UpdateToast() {
  const [refused, setRefused] = useState(false);
  return (
    <div className="toast" role="status">
      <span>{refused ? 'Update available — your changes are still being sent' : 'Update available'}</span>
      <button
        type="button"
        className="button button--primary button--small"
        onClick={() => void applyUpdate().then((applied) => setRefused(!applied))}
      >
        Reload
      </button>
    </div>
  );
}
