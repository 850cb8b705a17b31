// The real AuthClient on the Firebase modular SDK. Everything that imports `firebase/*` is here.
import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  FacebookAuthProvider,
  GoogleAuthProvider,
  RecaptchaVerifier,
  applyActionCode,
  browserLocalPersistence,
  browserPopupRedirectResolver,
  checkActionCode,
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  fetchSignInMethodsForEmail,
  initializeAuth,
  isSignInWithEmailLink,
  linkWithCredential,
  onIdTokenChanged,
  sendEmailVerification,
  reauthenticateWithCredential,
  updatePassword,
  EmailAuthProvider,
  sendPasswordResetEmail,
  sendSignInLinkToEmail,
  signInWithEmailAndPassword,
  signInWithEmailLink,
  signInWithPhoneNumber,
  signInWithPopup,
  updateProfile,
  verifyPasswordResetCode,
  type Auth,
  type AuthCredential,
  type ConfirmationResult,
  type User,
} from 'firebase/auth';
import {
  AuthClientError,
  type ActionCodeDetails,
  type AuthClient,
  type AuthIdentity,
  type PopupProvider,
} from './auth-client';
import type { FirebaseSettings } from './firebase-config';

const toIdentity = (user: User): AuthIdentity => ({
  uid: user.uid,
  email: user.email,
  displayName: user.displayName,
  photoURL: user.photoURL,
  phoneNumber: user.phoneNumber,
  emailVerified: user.emailVerified,
  creationTime: user.metadata.creationTime ?? null,
  lastSignInTime: user.metadata.lastSignInTime ?? null,
  providerIds: user.providerData.map((info) => info.providerId),
});

/** Turns an SDK rejection into an AuthClientError carrying the `auth/...` code. */
async function call<T>(
  operation: () => Promise<T>,
  pendingFrom?: (error: unknown) => AuthClientError['pending'],
): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    const code =
      typeof (error as { code?: unknown })?.code === 'string'
        ? (error as { code: string }).code
        : 'auth/internal-error';
    throw new AuthClientError(code, (error as Error)?.message ?? code, pendingFrom?.(error));
  }
}

export function createFirebaseAuthClient(settings: FirebaseSettings, app?: FirebaseApp): AuthClient {
  const firebaseApp =
    app ?? initializeApp({ apiKey: settings.apiKey, authDomain: settings.authDomain, projectId: settings.projectId });
  // No popupRedirectResolver here: given at start, the SDK loads Google's API script
  // (apis.google.com) and the auth domain's iframe on every page, for everyone. It is handed to
  // signInWithPopup instead, so a provider's script loads when someone picks that provider.
  const auth: Auth = initializeAuth(firebaseApp, { persistence: browserLocalPersistence });
  auth.languageCode = 'en';
  if (settings.emulatorHost) {
    connectAuthEmulator(auth, `http://${settings.emulatorHost}`, { disableWarnings: true });
    // The emulator needs no reCAPTCHA; a real project does.
    auth.settings.appVerificationDisabledForTesting = true;
  }

  let confirmation: ConfirmationResult | null = null;
  let verifier: RecaptchaVerifier | null = null;
  const providers = {
    google: () => new GoogleAuthProvider(),
    facebook: () => new FacebookAuthProvider(),
  } satisfies Record<PopupProvider, () => GoogleAuthProvider | FacebookAuthProvider>;
  const credentialFromError = (error: unknown) =>
    GoogleAuthProvider.credentialFromError(error as never) ?? FacebookAuthProvider.credentialFromError(error as never);

  const requireUser = () => {
    if (!auth.currentUser) throw new AuthClientError('auth/user-token-expired');
    return auth.currentUser;
  };

  return {
    onIdTokenChanged(listener) {
      return onIdTokenChanged(auth, async (user) => {
        if (!user) return listener(null, null);
        try {
          listener(toIdentity(user), await user.getIdToken());
        } catch {
          listener(null, null);
        }
      });
    },
    currentIdentity: () => (auth.currentUser ? toIdentity(auth.currentUser) : null),
    async getIdToken(forceRefresh) {
      await auth.authStateReady();
      return auth.currentUser ? auth.currentUser.getIdToken(forceRefresh) : null;
    },
    signOut: () => call(() => auth.signOut()),

    fetchSignInMethods: (email) => call(() => fetchSignInMethodsForEmail(auth, email)),
    signInWithPassword: (email, password) =>
      call(async () => toIdentity((await signInWithEmailAndPassword(auth, email, password)).user)),
    signUp: (email, password, displayName) =>
      call(async () => {
        const { user } = await createUserWithEmailAndPassword(auth, email, password);
        if (displayName) {
          await updateProfile(user, { displayName });
          // updateProfile does not change the ID token; refresh so the session sees the name.
          await user.getIdToken(true);
        }
        return toIdentity(user);
      }),
    signInWithPopup: (provider) =>
      call(
        async () => toIdentity((await signInWithPopup(auth, providers[provider](), browserPopupRedirectResolver)).user),
        (error) => {
          const customData = (error as { customData?: { email?: string } }).customData;
          return { email: customData?.email ?? null, credential: credentialFromError(error) };
        },
      ),
    linkPendingCredential: (credential) =>
      call(async () => toIdentity((await linkWithCredential(requireUser(), credential as AuthCredential)).user)),

    sendPasswordResetEmail: (email) => call(() => sendPasswordResetEmail(auth, email)),
    verifyPasswordResetCode: (code) => call(() => verifyPasswordResetCode(auth, code)),
    confirmPasswordReset: (code, password) => call(() => confirmPasswordReset(auth, code, password)),
    checkActionCode: (code) =>
      call(async (): Promise<ActionCodeDetails> => {
        const info = await checkActionCode(auth, code);
        return {
          operation: info.operation as ActionCodeDetails['operation'],
          email: info.data.email ?? null,
          previousEmail: info.data.previousEmail ?? null,
        };
      }),
    applyActionCode: (code) => call(() => applyActionCode(auth, code)),
    sendEmailVerification: () => call(() => sendEmailVerification(requireUser())),
    updateDisplayName: (displayName) =>
      call(async () => {
        const user = requireUser();
        await updateProfile(user, { displayName });
        await user.getIdToken(true); // listeners (the session, the top bar) see the new name
      }),
    changePassword: (currentPassword, newPassword) =>
      call(async () => {
        const user = requireUser();
        if (!user.email) throw new AuthClientError('auth/no-email');
        await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword));
        await updatePassword(user, newPassword);
      }),

    sendSignInLinkToEmail: (email, url) =>
      call(() => sendSignInLinkToEmail(auth, email, { url, handleCodeInApp: true })),
    isSignInWithEmailLink: (url) => isSignInWithEmailLink(auth, url),
    signInWithEmailLink: (email, url) =>
      call(async () => toIdentity((await signInWithEmailLink(auth, email, url)).user)),

    sendPhoneCode: (phoneNumber, verifierHost) =>
      call(async () => {
        verifier?.clear();
        verifier = new RecaptchaVerifier(auth, verifierHost, { size: 'invisible' });
        confirmation = await signInWithPhoneNumber(auth, phoneNumber, verifier);
      }),
    confirmPhoneCode: (code) =>
      call(async () => {
        if (!confirmation) throw new AuthClientError('auth/missing-verification-id');
        return toIdentity((await confirmation.confirm(code)).user);
      }),
  };
}
