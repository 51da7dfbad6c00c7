/**
 * A prerendered page is on screen before the app runs (server/http/page-boot-script.ts
 * loads it on the first interaction, or after the largest paint for a returning
 * visitor). Its boot script remembers what was
 * clicked meanwhile; once the layout is live this replays a click that landed
 * on a button, or on a link to another page that the boot script held back for
 * the router (other links have done their job without JavaScript).
 */
interface BootWindow {
  __roamlyLive?: boolean;
  __roamlyEarlyClick?: EventTarget | null;
  /** A link to another page clicked while the app was loading; the boot script held it for the router. */
  __roamlyHeldLink?: HTMLAnchorElement | null;
}

export function replayEarlyClick(): void {
  const boot = window as BootWindow;
  boot.__roamlyLive = true;
  const target = boot.__roamlyEarlyClick;
  const link = boot.__roamlyHeldLink;
  boot.__roamlyEarlyClick = null;
  boot.__roamlyHeldLink = null;
  if (link?.isConnected) {
    link.click();
    return;
  }
  const button = target instanceof Element ? target.closest<HTMLElement>('button, summary, [role="button"]') : null;
  if (button?.isConnected) button.click();
}
