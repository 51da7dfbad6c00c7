/**
 * How a service refuses: in the domain's words, never with an HTTP status (architecture §2).
 * `detail` is the sentence the person is shown; `app.onError` gives each kind its status and
 * headers (server/http/domain-errors.ts), so the same refusal reads the same from a route, a
 * job or the command line.
 */

/** Messages by field, as `{"errors": {"price": ["…"]}}` beside the detail. */
export type FieldErrors = Record<string, string[]>;

/** A refusal; `errors` says which fields it is about, when it is about fields. */
export abstract class DomainError extends Error {
  constructor(
    readonly detail: string,
    readonly errors?: FieldErrors,
  ) {
    super(detail);
    this.name = new.target.name;
  }
}

/** The input breaks a rule. */
export class InvalidInput extends DomainError {}

/** The caller is known but may not do this. */
export class Forbidden extends DomainError {}

/** What was asked for is not there (or not the caller's to see). */
export class NotFound extends DomainError {}

/** The current state does not allow it: an account's cap is reached, the one listing exists. */
export class Conflict extends DomainError {}

/** What was sent does not fit: one image over the upload limit, or over the account's storage quota. */
export class TooLarge extends DomainError {}

/** Bytes of a kind the service does not take (an upload that is not one of the accepted image types). */
export class UnsupportedType extends DomainError {}

/** Too many in a window; another try can succeed after `retryAfterSeconds`. */
export class RateLimited extends DomainError {
  constructor(
    detail: string,
    readonly retryAfterSeconds: number,
  ) {
    super(detail);
  }
}
