/**
 * The issue form's outcome texts (product §8, word for word, plus the outbox's
 * promise). The message rule and its sentence live in the contract
 * (src/shared/contract/issue.ts), shared with the server.
 */
export const serverFailureMessage = 'Something went wrong. Please try again.';
export const networkFailureMessage = 'Unable to submit right now. Please check your connection and try again.';
export const keptMessage =
  'Your report is saved on this device and will be sent automatically as soon as the connection allows — there is no need to send it again.';
