import { createTestUser, uniqueEmail, type TestUser } from '@stream/auth/testing';
import type { Browser, Page } from 'playwright-core';
import { newPage } from './browser';

/** Waits until the app shows a signed-in page (the layout's main navigation). */
async function waitForSignedIn(page: Page) {
  await page.locator('nav[aria-label="Main"]').waitFor({ state: 'attached' });
}

/** On the sign-in widget (at /login): chooses email, types `email` and goes on (Next). */
export async function enterEmail(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Sign in with email' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

/** On the widget's password screen: types `password` and signs in (the answer is the caller's to wait for). */
export async function enterPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs a new email/password account up through the sign-in widget; resolves on the signed-in page. */
export async function signUpThroughUi(
  page: Page,
  baseUrl: string,
  account: { email?: string; password?: string; name?: string } = {},
): Promise<{ email: string; password: string }> {
  const email = account.email ?? uniqueEmail('e2e');
  const password = account.password ?? 'secret-password-1';
  await page.goto(`${baseUrl}/login`);
  await enterEmail(page, email);
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  if (account.name) await page.getByLabel('First & last name').fill(account.name);
  await page.getByLabel('Choose password').fill(password);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await waitForSignedIn(page);
  return { email, password };
}

/** Signs an existing email/password account in through the sign-in widget. */
export async function signInThroughUi(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await enterEmail(page, email);
  await enterPassword(page, password);
  await waitForSignedIn(page);
}

export interface SignedInPage {
  page: Page;
  /** The account, created in the emulator; `idToken` is valid for direct API calls. */
  user: TestUser;
}

/**
 * A page in a fresh browser context, signed in as a new user: the account is created through the
 * emulator's REST API (fast), then signed in through the real sign-in widget, so the app holds a
 * real session and its `authToken`.
 */
export async function newSignedInPage(
  browser: Browser,
  options: {
    baseUrl: string;
    emulatorHost: string;
    displayName?: string;
    /**
     * Let /record upload while recording. Off by default: the page then hides OPFS and
     * IndexedDB (the two places a local copy can live), so /record takes the whole-file path after
     * Stop, as in browsers without them, which the older recording tests check.
     */
    instantUploads?: boolean;
  },
): Promise<SignedInPage> {
  const user = await createTestUser(options.emulatorHost, { displayName: options.displayName });
  const page = await newPage(browser);
  if (!options.instantUploads) {
    await page.context().addInitScript(() => {
      Object.defineProperty(StorageManager.prototype, 'getDirectory', { value: undefined, configurable: true });
      Object.defineProperty(globalThis, 'indexedDB', { value: undefined, configurable: true });
    });
  }
  await signInThroughUi(page, options.baseUrl, user.email, user.password);
  return { page, user };
}

/** The SMS code the emulator "sent" to a phone number (the latest one). */
export async function emulatorPhoneCode(emulatorHost: string, phoneNumber: string): Promise<string> {
  const response = await fetch(`http://${emulatorHost}/emulator/v1/projects/demo-stream/verificationCodes`);
  const { verificationCodes = [] } = (await response.json()) as {
    verificationCodes?: { phoneNumber: string; code: string }[];
  };
  const code = verificationCodes.filter((entry) => entry.phoneNumber === phoneNumber).at(-1)?.code;
  if (!code) throw new Error(`The emulator has no code for ${phoneNumber}`);
  return code;
}

/**
 * The latest email action the emulator "sent" to an address: `requestType` is PASSWORD_RESET,
 * VERIFY_EMAIL or EMAIL_SIGNIN. Returns the code and the link's query string (mode, oobCode, apiKey).
 */
export async function emulatorOobCode(
  emulatorHost: string,
  email: string,
  requestType: string,
): Promise<{ oobCode: string; query: string }> {
  const response = await fetch(`http://${emulatorHost}/emulator/v1/projects/demo-stream/oobCodes`);
  const { oobCodes = [] } = (await response.json()) as {
    oobCodes?: { email: string; requestType: string; oobCode: string; oobLink: string }[];
  };
  const entry = oobCodes.filter((code) => code.email === email && code.requestType === requestType).at(-1);
  if (!entry) throw new Error(`The emulator has no ${requestType} code for ${email}`);
  return { oobCode: entry.oobCode, query: new URL(entry.oobLink).search };
}
