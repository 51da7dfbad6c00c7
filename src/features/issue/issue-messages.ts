/**
 * The issue form's outcome texts (product §8, word for word, plus the outbox's
 * promise). The message rule and its sentence live in the contract
 * (src/shared/contract/issue.ts), shared with the server.
 */
export const serverFailureMessage = 'Something went wrong. Please try again.';
export const networkFailureMessage = 'Unable to submit right now. Please check your connection and try again.';
/** Saved in the outbox while the connection let it through to nobody: true whatever the network does next. */
export const keptMessage =
  'Your report is saved on this device and will be sent automatically as soon as the connection allows.';
/** Offline (the browser knows): nothing to check or retry, so no product §8 "try again", just what happens. */
export const keptOfflineMessage =
  'You are offline. Your report is saved on this device and will be sent automatically when you are back online — there is no need to send it again.';
/** The reply address is checked here too, so a typo is caught before the report leaves. */
export const invalidEmailMessage = 'Enter a valid email address, like name@example.com, or leave it empty.';
