// Users and ID tokens from the real Auth emulator, through its REST API (Node or browser).
import { EMULATOR_PROJECT_ID } from './emulator-project';

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
  refreshToken: string;
}

const api = (host: string, path: string) => `http://${host}/identitytoolkit.googleapis.com/v1/${path}?key=fake-api-key`;

/**
 * POSTs to the emulator, retrying a dropped connection: the emulator closes idle keep-alive
 * sockets after 5 s, and a POST sent on one just as it closes fails with "other side closed"
 * (fetch retries only idempotent requests). Under load that gap is easy to hit.
 */
async function send(url: string, body: unknown): Promise<Response> {
  const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (!(error instanceof TypeError) || attempt >= 3) throw error;
    }
  }
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await send(url, body);
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`Auth emulator: ${json.error?.message ?? response.status}`);
  return json;
}

let counter = 0;
/** A unique email for a test user, safe across parallel test files. */
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${Date.now().toString(36)}-${process.pid}-${(counter++).toString(36)}@example.com`;

/** Signs up a new email/password user and returns its uid and a fresh ID token (`emailVerified`: of a verified address). */
export async function createTestUser(
  host: string,
  options: { email?: string; password?: string; displayName?: string; emailVerified?: boolean } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'secret-password-1';
  const result = await post<{ localId: string; idToken: string; refreshToken: string }>(api(host, 'accounts:signUp'), {
    email,
    password,
    displayName: options.displayName,
    returnSecureToken: true,
  });
  if (!options.emailVerified) {
    const { idToken, refreshToken } = mayPredateValidSince(result.idToken)
      ? await signInAgain(host, email, password)
      : result;
    return { uid: result.localId, email, password, idToken, refreshToken };
  }
  // As if the person had clicked the verification mail: the emulator's admin update, then a token that says so.
  const update = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/${EMULATOR_PROJECT_ID}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: result.localId, emailVerified: true }),
    },
  );
  if (!update.ok) throw new Error(`Auth emulator: could not verify ${email} (${update.status})`);
  const signedIn = await signInAgain(host, email, password);
  return { uid: result.localId, email, password, ...signedIn };
}

const signInAgain = (host: string, email: string, password: string) =>
  post<{ idToken: string; refreshToken: string }>(api(host, 'accounts:signInWithPassword'), {
    email,
    password,
    returnSecureToken: true,
  });

/**
 * Whether a sign-up's token may read as revoked. The emulator takes the token's `auth_time` from
 * the moment the request began and the account's "tokens valid since" from a moment after; a
 * request that spans a second's boundary (a busy machine) gets an `auth_time` a second older than
 * `validSince`, and firebase-admin, which checks revocation on every call under the emulator,
 * refuses the token. The token's `iat` is stamped last, so an `auth_time` equal to it is safe; else
 * a sign-in (whose `auth_time` is its own start) gives a token that is.
 */
export function mayPredateValidSince(idToken: string): boolean {
  const payload = idToken.split('.')[1] ?? '';
  const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
    auth_time?: unknown;
    iat?: unknown;
  };
  return claims.auth_time !== claims.iat;
}

/** Signs an existing user in again: a new ID token. */
export async function signInTestUser(host: string, email: string, password: string): Promise<string> {
  return (await signInAgain(host, email, password)).idToken;
}

/** Removes every account from the emulator's project. */
export async function clearTestUsers(host: string, projectId = EMULATOR_PROJECT_ID): Promise<void> {
  await fetch(`http://${host}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' });
}
