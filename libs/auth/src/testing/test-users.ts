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
  if (!options.emailVerified)
    return { uid: result.localId, email, password, idToken: result.idToken, refreshToken: result.refreshToken };
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
  const signedIn = await post<{ idToken: string; refreshToken: string }>(api(host, 'accounts:signInWithPassword'), {
    email,
    password,
    returnSecureToken: true,
  });
  return { uid: result.localId, email, password, idToken: signedIn.idToken, refreshToken: signedIn.refreshToken };
}

/** Signs an existing user in again: a new ID token. */
export async function signInTestUser(host: string, email: string, password: string): Promise<string> {
  const result = await post<{ idToken: string }>(api(host, 'accounts:signInWithPassword'), {
    email,
    password,
    returnSecureToken: true,
  });
  return result.idToken;
}

/** Removes every account from the emulator's project. */
export async function clearTestUsers(host: string, projectId = EMULATOR_PROJECT_ID): Promise<void> {
  await fetch(`http://${host}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' });
}
