// The one seam between the app and Firebase Auth. The session store and the sign-in actions talk
// only to this interface, so they are unit-tested with the fake from `@stream/auth/testing` and run
// against the real SDK through `createFirebaseAuthClient`.

/** The identity provider's view of the current user (docs/product.md, Data: Current user). */
export interface AuthIdentity {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  phoneNumber: string | null;
  emailVerified: boolean;
  /** Date strings as Firebase reports them (`metadata.creationTime`, `lastSignInTime`). */
  creationTime: string | null;
  lastSignInTime: string | null;
  /** Sign-in providers linked to the account, e.g. `password`, `google.com`, `phone`. */
  providerIds: string[];
}

export type PopupProvider = 'google' | 'facebook';

/** What an email-action link (`mode` + `oobCode`) is about, from `checkActionCode`. */
export interface ActionCodeDetails {
  operation:
    | 'PASSWORD_RESET'
    | 'RECOVER_EMAIL'
    | 'REVERT_SECOND_FACTOR_ADDITION'
    | 'VERIFY_EMAIL'
    | 'VERIFY_AND_CHANGE_EMAIL'
    | 'EMAIL_SIGNIN';
  email: string | null;
  previousEmail: string | null;
}

/** An error from the identity provider, reduced to its code (`auth/wrong-password`, ...). */
export class AuthClientError extends Error {
  constructor(
    readonly code: string,
    message = code,
    /** For `auth/account-exists-with-different-credential`: the email and the credential to link later. */
    readonly pending?: { email: string | null; credential: unknown },
  ) {
    super(message);
    this.name = 'AuthClientError';
  }
}

export interface AuthClient {
  /** Called with the current user and a fresh ID token whenever either changes (and once at start). */
  onIdTokenChanged(listener: (identity: AuthIdentity | null, token: string | null) => void): () => void;
  currentIdentity(): AuthIdentity | null;
  /** A valid ID token for the current user (refreshed by the SDK when near expiry), or null. */
  getIdToken(forceRefresh?: boolean): Promise<string | null>;
  signOut(): Promise<void>;

  /** Sign-in methods known for an email (`password`, `emailLink`, `google.com`, ...); empty when unknown. */
  fetchSignInMethods(email: string): Promise<string[]>;
  signInWithPassword(email: string, password: string): Promise<AuthIdentity>;
  signUp(email: string, password: string, displayName?: string): Promise<AuthIdentity>;
  signInWithPopup(provider: PopupProvider): Promise<AuthIdentity>;
  /** Links a credential kept from an `account-exists-with-different-credential` error to the current user. */
  linkPendingCredential(credential: unknown): Promise<AuthIdentity>;

  sendPasswordResetEmail(email: string): Promise<void>;
  verifyPasswordResetCode(code: string): Promise<string>;
  confirmPasswordReset(code: string, newPassword: string): Promise<void>;
  checkActionCode(code: string): Promise<ActionCodeDetails>;
  applyActionCode(code: string): Promise<void>;
  sendEmailVerification(): Promise<void>;
  /** Sets the current user's display name and refreshes the ID token, so the session shows it. */
  updateDisplayName(displayName: string): Promise<void>;
  /**
   * Signs in again with `currentPassword` (Firebase wants a recent sign-in), then sets
   * `newPassword`. A wrong current password is `auth/wrong-password` or `auth/invalid-credential`.
   */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;

  sendSignInLinkToEmail(email: string, continueUrl: string): Promise<void>;
  isSignInWithEmailLink(url: string): boolean;
  signInWithEmailLink(email: string, url: string): Promise<AuthIdentity>;

  /** Sends an SMS code to an E.164 number; `verifierHost` is an element id for reCAPTCHA (invisible). */
  sendPhoneCode(phoneNumber: string, verifierHost: string): Promise<void>;
  confirmPhoneCode(code: string): Promise<AuthIdentity>;
}
