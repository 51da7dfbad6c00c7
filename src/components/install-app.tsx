/**
 * "Install" for the web app: a button where the browser offers installation
 * (Chromium's beforeinstallprompt), an Add-to-Home-Screen hint on iOS Safari,
 * and nothing elsewhere. Renders nothing on the server and during hydration,
 * since neither is known before the page runs. The button and hint load only
 * when one of them is due, off the first visit's JavaScript budget.
 */
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { canPromptInstall, needsIosInstallHint, onInstallAvailability } from '../lib/install-prompt.ts';

const InstallAppOffer = lazy(() =>
  import('./install-app-offer.tsx').then((module) => ({ default: module.InstallAppOffer })),
);

export function InstallApp({ className }: { className?: string }) {
  const installable = useSyncExternalStore(onInstallAvailability, canPromptInstall, () => false);
  const [iosHint, setIosHint] = useState(false);
  useEffect(() => setIosHint(needsIosInstallHint()), []);
  if (!installable && !iosHint) return null;
  return (
    <Suspense fallback={null}>
      <InstallAppOffer offer={installable ? 'prompt' : 'ios-hint'} className={className} />
    </Suspense>
  );
}
