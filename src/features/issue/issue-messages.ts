/** The issue form's texts that SPEC §5 and §8 fix word for word. */
export const MIN_MESSAGE_LENGTH = 10;
export const tooShortMessage = 'Please describe the issue with at least 10 characters.';
export const serverFailureMessage = 'Something went wrong. Please try again.';
export const networkFailureMessage = 'Unable to submit right now. Please check your connection and try again.';

export function isMessageLongEnough(message: string): boolean {
  return message.trim().length >= MIN_MESSAGE_LENGTH;
}
