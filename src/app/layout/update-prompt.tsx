import { useSyncExternalStore } from 'react';
import { applyUpdate, isUpdateWaiting, onUpdateWaiting } from '../../lib/sw-bridge.ts';

export function UpdatePrompt() {
  const waiting = useSyncExternalStore(onUpdateWaiting, isUpdateWaiting, () => false);
  if (!waiting) return null;
  return (
    <div className="toast" role="status">
      <span>Update available</span>
      <button type="button" className="button button--primary button--small" onClick={applyUpdate}>
        Reload
      </button>
    </div>
  );
}
