// Stream with no outside cloud, the way `npm start` runs it (npm, tools/start.mjs, the built API
// serving the production build of the web app), with FIREBASE_AUTH=off and the organisation's
// OpenID Provider (panva's oidc-provider on 127.0.0.1, with its own login page) and SAML IdP
// (libs/auth's, with its own login page), SCIM on. In Chromium: the sign-in page offers the
// organisation's buttons alone; by either protocol a person signs in through the provider's page
// under the name of the claims (attributes); one in the admin group reaches /admin, another does
// not; the directory (SCIM) finds that other person by userName and deprovisions them, and their
// open page is signed out. Every request the browser made is recorded: none left 127.0.0.1,
// none went to a Google host, and no Firebase emulator was started or reached.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts } from '@stream/auth/testing';
import { startTestProvider, type TestProvider } from '@stream/auth/testing/oidc-provider';
import { startTestSamlIdp, type TestSamlIdp } from '@stream/auth/testing/saml-idp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from '../harness/browser';
import { workspaceRoot } from '../harness/paths';

const SCIM_TOKEN = 'scim-token-of-the-no-cloud-test-0123456789abcdef';
let provider: TestProvider;
let idp: TestSamlIdp;
let started: ChildProcess;
let output = '';
let dataDir: string;
let baseUrl: string;
let browser: Browser;
/** Every URL any page of the test asked for. */
const requested: string[] = [];

/** SIGTERM to the process group `npm start` leads, SIGKILL after 15 s. */
async function stopStarted() {
  if (!started?.pid || started.exitCode !== null || started.signalCode !== null) return;
  const exited = new Promise((done) => started.once('exit', done));
  process.kill(-started.pid, 'SIGTERM');
  const timer = setTimeout(() => process.kill(-started.pid!, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

beforeAll(async () => {
  provider = await startTestProvider({ loginPage: true, scopes: { groups: ['groups'] } });
  const [port] = (await freePorts(1)) as [number];
  baseUrl = `http://127.0.0.1:${port}`;
  provider.attachTo(baseUrl);
  provider.nextPerson({
    sub: 'ada-1815',
    email: 'ada@example.com',
    email_verified: true,
    name: 'Ada Lovelace',
    groups: ['stream-admins'],
  });
  provider.nextPerson({
    sub: 'bob-1990',
    email: 'bob@example.com',
    email_verified: true,
    name: 'Bob Directory',
    groups: ['engineering'],
  });
  idp = await startTestSamlIdp({ loginPage: true });
  idp.addPerson({ nameID: 'grace-1906', email: 'grace@example.com', name: 'Grace Hopper', groups: ['stream-admins'] });
  idp.addPerson({ nameID: 'carl-1777', email: 'carl@example.com', name: 'Carl Directory', groups: ['engineering'] });
  dataDir = mkdtempSync(join(tmpdir(), 'stream-e2e-no-cloud-'));
  // Nothing of Firebase from the harness's environment: this product has none.
  const { FIREBASE_AUTH_EMULATOR_HOST: _emulator, ...environment } = process.env;
  started = spawn('npm', ['start', '--', '--no-build'], {
    cwd: workspaceRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...environment,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: inject('webDist'),
      WORKER: 'false',
      LOG_LEVEL: 'warn',
      FIREBASE_AUTH: 'off',
      ...provider.settings,
      OIDC_NAME: 'Acme ID',
      OIDC_SCOPES: 'openid email profile groups',
      OIDC_ADMIN_GROUPS: 'stream-admins',
      ...idp.settings,
      SAML_NAME: 'Acme SAML',
      SCIM_TOKEN,
      // Access tokens of 30 s, not 5 min: an open page is signed out within one token's life.
      SESSION_ACCESS_SECONDS: '30',
    },
  });
  started.stdout!.on('data', (chunk) => (output += chunk));
  started.stderr!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (started.exitCode !== null) throw new Error(`npm start exited with ${started.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`npm start did not answer on ${baseUrl}:\n${output}`);
    const answered = await fetch(`${baseUrl}/api/config`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stopStarted();
  await provider?.close();
  await idp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

/** A page in its own browser context whose every request is recorded; any leaving 127.0.0.1 is stopped there. */
async function recordedPage(): Promise<Page> {
  const page = await newPage(browser);
  page.context().on('request', (request) => void requested.push(request.url()));
  await page.context().route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.abort('blockedbyclient'),
  );
  return page;
}

/** Signs `login` in from /login through the provider's (or IdP's) own page; back on the app under `name`. */
async function signIn(page: Page, login: string, name: string, by: 'Acme ID' | 'Acme SAML' = 'Acme ID') {
  await page.goto(`${baseUrl}/`);
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByRole('link', { name: `Continue with ${by}` }).click();
  await page.waitForURL((url) => url.origin === (by === 'Acme ID' ? provider.issuer : new URL(idp.ssoUrl).origin));
  await page.getByRole('textbox', { name: 'Username' }).fill(login);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.origin === baseUrl && url.pathname !== '/login');
  await page.getByRole('button', { name }).waitFor();
}

/** A SCIM request as the directory makes it. */
async function scim(path: string, init: RequestInit = {}) {
  const response = await fetch(`${baseUrl}/scim/v2${path}`, {
    ...init,
    headers: { authorization: `Bearer ${SCIM_TOKEN}`, 'content-type': 'application/scim+json', ...init.headers },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The directory finds `email` by userName and deprovisions them; their open `page` is signed out. */
async function deprovisionAndSeeSignedOut(page: Page, email: string) {
  const found = await scim(`/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`);
  expect(found.status).toBe(200);
  expect(found.body.totalResults).toBe(1);
  const [person] = found.body.Resources as { id: string; userName: string; active: boolean }[];
  expect(person).toMatchObject({ userName: email, active: true });
  const patched = await scim(`/Users/${person!.id}`, {
    method: 'PATCH',
    body: JSON.stringify({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', value: { active: false } }],
    }),
  });
  expect(patched.status).toBe(200);
  expect(patched.body.active).toBe(false);
  // The page, left open, is signed out once its session next refreshes (within an access token's
  // lifetime, SESSION_ACCESS_SECONDS): it lands on the sign-in page.
  await page.waitForURL((url) => url.pathname === '/login', { timeout: 120_000 });
  await page.getByRole('link', { name: 'Continue with Acme ID' }).waitFor();
  expect([401, 403]).toContain((await page.request.post(`${baseUrl}/api/auth/session/refresh`)).status());
}

describe('Stream with no outside cloud (FIREBASE_AUTH=off), run as npm start runs it', () => {
  it('started no Firebase Auth emulator, and tells the web app Firebase is off', async () => {
    expect(output).toContain('FIREBASE_AUTH=off: no Firebase Auth emulator');
    expect(await (await fetch(`${baseUrl}/api/config`)).json()).toEqual({
      maxRecordingSeconds: null,
      firebaseAuth: 'off',
      oidc: { name: 'Acme ID' },
      saml: { name: 'Acme SAML' },
    });
  });

  it('signs in through the provider; the admin group reaches /admin, another person does not; SCIM deprovisions that person and their open page is signed out', async () => {
    // The sign-in page offers the organisation's button alone: no email, Google or phone sign-in.
    const ada = await recordedPage();
    await ada.goto(`${baseUrl}/login`);
    await ada.getByRole('link', { name: 'Continue with Acme ID' }).waitFor();
    expect(await ada.getByRole('button', { name: /sign in with/i }).count()).toBe(0);
    expect(await ada.getByRole('textbox').count()).toBe(0);

    await signIn(ada, 'ada@example.com', 'Ada Lovelace');
    await ada.goto(`${baseUrl}/admin`);
    await ada.getByRole('row', { name: /Ada Lovelace/ }).waitFor();

    const bob = await recordedPage();
    await signIn(bob, 'bob@example.com', 'Bob Directory');
    await bob.goto(`${baseUrl}/admin`);
    await bob.getByText("This page is for the instance's admins.").waitFor();
    await bob.goto(`${baseUrl}/`);
    await bob.getByRole('button', { name: 'Bob Directory' }).waitFor();

    await deprovisionAndSeeSignedOut(bob, 'bob@example.com');

    // Ada is still signed in, and no request of either page left 127.0.0.1 or went to Google.
    await ada.reload();
    await ada.getByRole('button', { name: 'Ada Lovelace' }).waitFor();
    const elsewhere = requested.filter((url) => !['127.0.0.1'].includes(new URL(url).hostname));
    expect(elsewhere).toEqual([]);
    expect(requested.filter((url) => /google|gstatic|firebase/i.test(url))).toEqual([]);
    expect(requested.length).toBeGreaterThan(10);
  }, 300_000);

  it('the same by SAML 2.0: the admin group reaches /admin, another person does not; SCIM deprovisions that person and their open page is signed out', async () => {
    const grace = await recordedPage();
    await signIn(grace, 'grace@example.com', 'Grace Hopper', 'Acme SAML');
    await grace.goto(`${baseUrl}/admin`);
    await grace.getByRole('row', { name: /Grace Hopper/ }).waitFor();

    const carl = await recordedPage();
    await signIn(carl, 'carl@example.com', 'Carl Directory', 'Acme SAML');
    await carl.goto(`${baseUrl}/admin`);
    await carl.getByText("This page is for the instance's admins.").waitFor();
    await carl.goto(`${baseUrl}/`);
    await carl.getByRole('button', { name: 'Carl Directory' }).waitFor();

    await deprovisionAndSeeSignedOut(carl, 'carl@example.com');
    await grace.reload();
    await grace.getByRole('button', { name: 'Grace Hopper' }).waitFor();
    expect(requested.filter((url) => new URL(url).hostname !== '127.0.0.1')).toEqual([]);
    expect(requested.filter((url) => /google|gstatic|firebase/i.test(url))).toEqual([]);
  }, 300_000);
});
