/**
 * The browser's install offer. Chromium fires `beforeinstallprompt` once,
 * early, and only if the site is installable; we keep that event so an Install
 * button can show the browser's dialog later. iOS Safari never fires it, so
 * callers show an Add-to-Home-Screen hint there instead.
 */

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

type Listener = () => void;

// The page's boot script (server/http/page-boot-script.ts) keeps an offer made before the app ran.
let deferred: InstallPromptEvent | null =
  typeof window === 'undefined'
    ? null
    : ((window as { __roamlyInstallPrompt?: InstallPromptEvent }).__roamlyInstallPrompt ?? null);
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((listener) => listener());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

export function canPromptInstall(): boolean {
  return deferred !== null;
}

export function onInstallAvailability(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; the event can be used once. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  notify();
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}

/** iPhone and iPad Safari, not yet running from the home screen. */
export function needsIosInstallHint(): boolean {
  if (typeof navigator === 'undefined') return false;
  const ios =
    /iphone|ipad|ipod/i.test(navigator.userAgent) ||
    (navigator.maxTouchPoints > 1 && /Macintosh/.test(navigator.userAgent));
  const standalone =
    (navigator as { standalone?: boolean }).standalone === true || matchMedia('(display-mode: standalone)').matches;
  return ios && !standalone;
}
