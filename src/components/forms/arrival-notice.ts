/**
 * A sentence for the next screen to say once, carried in the router's
 * location state: the reset page moves to the dashboard, which then says
 * "Password changed". State, not the address, so a reload or a shared link
 * never repeats it.
 */
export interface ArrivalNotice {
  arrivalNotice: string;
}

export function arrivalNotice(text: string): ArrivalNotice {
  return { arrivalNotice: text };
}

/** The sentence a navigation brought, if any. */
export function readArrivalNotice(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('arrivalNotice' in state)) return null;
  const text = (state as { arrivalNotice: unknown }).arrivalNotice;
  return typeof text === 'string' ? text : null;
}
