/**
 * The server's field messages for a change it refused after its dialog closed
 * (saves do not wait for the server). The stored outbox entry keeps the detail
 * for the card; these go beside their fields when the change is opened again
 * in this page's life. Kept in memory only: after a reload the card's detail says it.
 */
import type { FieldErrors } from '../../shared/outbox/intent.ts';

const refused = new Map<string, FieldErrors>();

export function rememberRefusedFields(target: string, errors: FieldErrors): void {
  refused.set(target, errors);
}

export function refusedFieldsOf(target: string): FieldErrors {
  return refused.get(target) ?? {};
}

export function forgetRefusedFields(target: string): void {
  refused.delete(target);
}
