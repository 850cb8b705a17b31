// Every sign-in message the person can read, word for word (docs/product.md, Validation and Messages).
export const messages = {
  missingEmail: 'Enter your email address to continue',
  invalidEmail: "That email address isn't correct",
  missingPassword: 'Enter your password',
  weakPassword: 'Strong passwords have at least 6 characters and a mix of letters and numbers',
  missingName: 'Enter your account name',
  invalidCode: 'Wrong code. Try again.',
  invalidPhoneNumber: 'Enter a valid phone number',
  unsupportedCountryCode: 'The country code provided is not supported.',

  emailAlreadyInUse: 'The email address is already used by another account',
  sessionExpired: 'Your sign-in session has expired. Please try again.',
  tooManyWrongPasswords: 'You have entered an incorrect password too many times. Please try again in a few minutes.',
  userNotFound: "That email address doesn't match an existing account",
  wrongPassword: "The email and password you entered don't match",
  networkError: 'A network error has occurred',
  codeExpired: 'This code is no longer valid',
  invalidActionCode: 'This link has expired or has already been used',
  noWebStorage: 'The browser you are using does not support Web Storage. Please try again in a different browser.',
  phoneUsedTooManyTimes: 'This phone number has been used too many times',
  tooManyAccountRequests: 'Too many account requests are coming from your IP address. Try again in a few minutes.',
  loginAgain: 'Please login again to perform this operation',
  permissionsRefused: 'Please authorize the required permissions to sign in to the application',
  somethingWentWrong: 'Something went wrong. Please try again.',
} as const;

/** What the person was doing, where one Firebase code means different things (`auth/too-many-requests`). */
export type AuthErrorContext = 'password' | 'sign-up' | 'phone' | 'other';

/**
 * The message for an `auth/...` error code, or null when nothing should be shown (the person
 * closed the popup themselves).
 */
export function authErrorMessage(code: string, context: AuthErrorContext = 'other'): string | null {
  switch (code) {
    case 'auth/popup-closed-by-user':
    case 'auth/cancelled-popup-request':
      return null;
    case 'auth/email-already-in-use':
    case 'auth/credential-already-in-use':
      return messages.emailAlreadyInUse;
    case 'stream/pending-credential-lost':
    case 'auth/timeout':
    case 'auth/missing-verification-id':
      return messages.sessionExpired;
    case 'auth/too-many-requests':
      if (context === 'phone') return messages.phoneUsedTooManyTimes;
      if (context === 'sign-up') return messages.tooManyAccountRequests;
      return messages.tooManyWrongPasswords;
    case 'auth/user-not-found':
      return messages.userNotFound;
    case 'auth/wrong-password':
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
      return messages.wrongPassword;
    case 'auth/network-request-failed':
    case 'auth/internal-error:network':
      return messages.networkError;
    case 'auth/invalid-verification-code':
      return messages.invalidCode;
    case 'auth/code-expired':
    case 'auth/session-expired':
      return messages.codeExpired;
    case 'auth/expired-action-code':
    case 'auth/invalid-action-code':
      return messages.invalidActionCode;
    case 'auth/web-storage-unsupported':
      return messages.noWebStorage;
    case 'auth/invalid-phone-number':
    case 'auth/missing-phone-number':
      return messages.invalidPhoneNumber;
    case 'auth/weak-password':
      return messages.weakPassword;
    case 'auth/invalid-email':
      return messages.invalidEmail;
    case 'auth/requires-recent-login':
    case 'auth/user-token-expired':
      return messages.loginAgain;
    case 'auth/user-cancelled':
      return messages.permissionsRefused;
    default:
      return messages.somethingWentWrong;
  }
}
