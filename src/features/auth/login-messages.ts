/** product §8 texts of the auth screens, word for word, plus our wording where the spec has none. */
export const authMessages = {
  loginFailed: 'Invalid email or password.',
  loginOffline: 'Unable to log in right now. Please check your connection and try again.',
  registerFailed: 'Could not register. Please check your details.',
  verifyFailed: 'Invalid code or email.',
  verifyNote: 'We sent a 4-digit code to your email. Check your inbox (and spam).',
  resendDone: 'Verification code resent. Please check your inbox.',
  resendFailed: 'Could not resend the code.',
  offline: 'You appear to be offline. Please check your connection and try again.',
  resetNote: 'Enter your email and we will send you a 4-digit code. Then choose a new password.',
  resetByLinkNote: 'You opened the link from our email. Choose a new password and you are signed in.',
  sendCodeFailed: 'Could not send the code. Please try again.',
  resetFailed: 'Could not reset the password. Please check the code.',
  emailFirst: 'Enter the email address of your account.',
  codeFirst: 'Enter the 4-digit code from the email (Send code first if you have none).',
  chooseAccountType: 'Choose Business or Promoter: it decides what your dashboard offers.',
  passwordChanged: 'Password changed. You are signed in with your new password.',
} as const;
