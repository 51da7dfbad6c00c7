import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isUpdateWaiting, onUpdateWaiting } from '../../lib/sw-bridge.ts';

// Only a visit that finds a newer worker waiting needs the toast's code.
const UpdateToast = lazy(() => import('./update-toast.tsx').then((module) => ({ default: module.UpdateToast })));

/** Shows "Update available" once a new service worker is waiting. */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(onUpdateWaiting, isUpdateWaiting, () => false);
  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <UpdateToast />
    </Suspense>
  );
}
