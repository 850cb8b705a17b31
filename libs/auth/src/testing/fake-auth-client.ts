// An in-memory AuthClient for unit tests of the session store, the sign-in actions and the app's
// routes. It keeps accounts and behaves like Firebase for the calls the app makes, including the
// `auth/...` error codes, so the code under test meets the same outcomes it meets in a browser.
import {
  AuthClientError,
  type ActionCodeDetails,
  type AuthClient,
  type AuthIdentity,
  type PopupProvider,
} from '../firebase/auth-client';

interface Account {
  identity: AuthIdentity;
  password?: string;
  methods: string[];
}

export interface FakeAuthClient extends AuthClient {
  /** Adds an account (email/password unless `methods` says otherwise). */
  addAccount(account: {
    email?: string;
    password?: string;
    displayName?: string;
    phoneNumber?: string;
    methods?: string[];
  }): AuthIdentity;
  /** Signs an account in directly, as a restored session at load would. */
  restore(email: string): void;
  /** Issues a new ID token for the current user, as the SDK does about hourly. */
  rotateToken(): string;
  /** Makes the next call of `method` reject with this `auth/...` code. */
  failNext(method: keyof AuthClient, code: string): void;
  /** Action codes (`oobCode`s) the fake accepts, with what they are about. */
  addActionCode(code: string, details: ActionCodeDetails): void;
  /** The SMS code "sent" to the last phone number. */
  lastPhoneCode: string | null;
  /** Emails the fake would have sent: verification, reset and sign-in links. */
  sentEmails: { kind: 'verify' | 'reset' | 'link'; email: string }[];
  listenerCount(): number;
}

export function createFakeAuthClient(options: { now?: () => Date } = {}): FakeAuthClient {
  const now = options.now ?? (() => new Date());
  const accounts = new Map<string, Account>();
  const actionCodes = new Map<string, ActionCodeDetails>();
  const listeners = new Set<(identity: AuthIdentity | null, token: string | null) => void>();
  const failures = new Map<string, string>();
  let current: AuthIdentity | null = null;
  let token: string | null = null;
  let tokenCount = 0;
  let nextUid = 1;
  let pendingPhone: string | null = null;

  const emit = () => {
    for (const listener of [...listeners]) listener(current, token);
  };
  const signIn = (account: Account) => {
    account.identity = { ...account.identity, lastSignInTime: now().toUTCString() };
    current = account.identity;
    token = `token-${account.identity.uid}-${++tokenCount}`;
    emit();
    return current;
  };
  const maybeFail = (method: keyof AuthClient) => {
    const code = failures.get(method);
    if (code) {
      failures.delete(method);
      throw new AuthClientError(code);
    }
  };
  const byEmail = (email: string) => [...accounts.values()].find((a) => a.identity.email === email);
  const create = (fields: {
    email?: string;
    password?: string;
    displayName?: string;
    phoneNumber?: string;
    methods?: string[];
  }) => {
    const identity: AuthIdentity = {
      uid: `uid-${nextUid++}`,
      email: fields.email ?? null,
      displayName: fields.displayName ?? null,
      photoURL: null,
      phoneNumber: fields.phoneNumber ?? null,
      emailVerified: false,
      creationTime: now().toUTCString(),
      lastSignInTime: null,
      providerIds: fields.methods ?? (fields.password ? ['password'] : []),
    };
    const account: Account = {
      identity,
      password: fields.password,
      methods: fields.methods ?? (fields.password ? ['password'] : []),
    };
    accounts.set(identity.uid, account);
    return account;
  };

  const client: FakeAuthClient = {
    lastPhoneCode: null,
    sentEmails: [],
    listenerCount: () => listeners.size,
    addAccount: (fields) => create(fields).identity,
    restore(email) {
      const account = byEmail(email);
      if (!account) throw new Error(`no fake account ${email}`);
      signIn(account);
    },
    rotateToken() {
      if (!current) throw new Error('nobody is signed in');
      token = `token-${current.uid}-${++tokenCount}`;
      emit();
      return token;
    },
    failNext: (method, code) => void failures.set(method, code),
    addActionCode: (code, details) => void actionCodes.set(code, details),

    onIdTokenChanged(listener) {
      listeners.add(listener);
      queueMicrotask(() => listeners.has(listener) && listener(current, token));
      return () => listeners.delete(listener);
    },
    currentIdentity: () => current,
    async getIdToken() {
      maybeFail('getIdToken');
      return token;
    },
    async signOut() {
      maybeFail('signOut');
      current = null;
      token = null;
      emit();
    },
    async fetchSignInMethods(email) {
      maybeFail('fetchSignInMethods');
      return byEmail(email)?.methods ?? [];
    },
    async signInWithPassword(email, password) {
      maybeFail('signInWithPassword');
      const account = byEmail(email);
      if (!account) throw new AuthClientError('auth/user-not-found');
      if (account.password !== password) throw new AuthClientError('auth/wrong-password');
      return signIn(account);
    },
    async signUp(email, password, displayName) {
      maybeFail('signUp');
      if (byEmail(email)) throw new AuthClientError('auth/email-already-in-use');
      if (password.length < 6) throw new AuthClientError('auth/weak-password');
      return signIn(create({ email, password, displayName }));
    },
    async signInWithPopup(provider: PopupProvider) {
      maybeFail('signInWithPopup');
      // Offline, as on these machines, the provider's script cannot load.
      throw new AuthClientError('auth/network-request-failed', `${provider} popup unavailable`);
    },
    async linkPendingCredential() {
      maybeFail('linkPendingCredential');
      if (!current) throw new AuthClientError('auth/user-token-expired');
      return current;
    },
    async sendPasswordResetEmail(email) {
      maybeFail('sendPasswordResetEmail');
      if (!byEmail(email)) throw new AuthClientError('auth/user-not-found');
      client.sentEmails.push({ kind: 'reset', email });
    },
    async verifyPasswordResetCode(code) {
      maybeFail('verifyPasswordResetCode');
      const details = actionCodes.get(code);
      if (!details || details.operation !== 'PASSWORD_RESET') throw new AuthClientError('auth/invalid-action-code');
      return details.email ?? '';
    },
    async confirmPasswordReset(code, password) {
      maybeFail('confirmPasswordReset');
      const details = actionCodes.get(code);
      if (!details) throw new AuthClientError('auth/invalid-action-code');
      if (password.length < 6) throw new AuthClientError('auth/weak-password');
      const account = details.email ? byEmail(details.email) : undefined;
      if (account) account.password = password;
      actionCodes.delete(code);
    },
    async checkActionCode(code) {
      maybeFail('checkActionCode');
      const details = actionCodes.get(code);
      if (!details) throw new AuthClientError('auth/invalid-action-code');
      return details;
    },
    async applyActionCode(code) {
      maybeFail('applyActionCode');
      const details = actionCodes.get(code);
      if (!details) throw new AuthClientError('auth/invalid-action-code');
      const account = details.email ? byEmail(details.email) : undefined;
      if (account && details.operation === 'VERIFY_EMAIL')
        account.identity = { ...account.identity, emailVerified: true };
      if (account && details.operation === 'RECOVER_EMAIL' && details.previousEmail)
        account.identity = { ...account.identity, email: details.previousEmail };
      actionCodes.delete(code);
    },
    async updateDisplayName(displayName) {
      maybeFail('updateDisplayName');
      if (!current) throw new AuthClientError('auth/user-token-expired');
      const account = accounts.get(current.uid)!;
      account.identity = { ...account.identity, displayName };
      current = account.identity;
      token = `token-${current.uid}-${++tokenCount}`;
      emit();
    },
    async changePassword(currentPassword, newPassword) {
      maybeFail('changePassword');
      if (!current) throw new AuthClientError('auth/user-token-expired');
      const account = accounts.get(current.uid)!;
      if (account.password !== currentPassword) throw new AuthClientError('auth/wrong-password');
      if (newPassword.length < 6) throw new AuthClientError('auth/weak-password');
      account.password = newPassword;
    },
    async sendEmailVerification() {
      maybeFail('sendEmailVerification');
      if (!current?.email) throw new AuthClientError('auth/user-token-expired');
      client.sentEmails.push({ kind: 'verify', email: current.email });
    },
    async sendSignInLinkToEmail(email) {
      maybeFail('sendSignInLinkToEmail');
      client.sentEmails.push({ kind: 'link', email });
    },
    isSignInWithEmailLink: (url) =>
      new URL(url).searchParams.get('mode') === 'signIn' && new URL(url).searchParams.has('oobCode'),
    async signInWithEmailLink(email) {
      maybeFail('signInWithEmailLink');
      return signIn(byEmail(email) ?? create({ email, methods: ['emailLink'] }));
    },
    async sendPhoneCode(phoneNumber) {
      maybeFail('sendPhoneCode');
      if (!/^\+[1-9]\d{6,14}$/.test(phoneNumber)) throw new AuthClientError('auth/invalid-phone-number');
      pendingPhone = phoneNumber;
      client.lastPhoneCode = String(100000 + ((nextUid * 7919) % 900000));
    },
    async confirmPhoneCode(code) {
      maybeFail('confirmPhoneCode');
      if (!pendingPhone) throw new AuthClientError('auth/missing-verification-id');
      if (code !== client.lastPhoneCode) throw new AuthClientError('auth/invalid-verification-code');
      const phone = pendingPhone;
      pendingPhone = null;
      const account =
        [...accounts.values()].find((a) => a.identity.phoneNumber === phone) ??
        create({ phoneNumber: phone, methods: ['phone'] });
      return signIn(account);
    },
  };
  return client;
}
