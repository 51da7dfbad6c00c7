/**
 * A prerendered page is on screen before the app runs (server/http/page-boot-script.ts
 * loads it after the first large paint). Its boot script remembers what was
 * clicked meanwhile; once the layout is live this replays a click that landed
 * on a button — a link has already done its job without JavaScript.
 */
interface BootWindow {
  __roamlyLive?: boolean;
  __roamlyEarlyClick?: EventTarget | null;
}

export function replayEarlyClick(): void {
  const boot = window as BootWindow;
  boot.__roamlyLive = true;
  const target = boot.__roamlyEarlyClick;
  boot.__roamlyEarlyClick = null;
  const button = target instanceof Element ? target.closest<HTMLElement>('button, summary, [role="button"]') : null;
  if (button?.isConnected) button.click();
}
