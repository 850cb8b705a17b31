import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startAuthEmulator } from '@stream/auth/testing';
import type { TestProject } from 'vitest/node';
import { startApi } from './harness/api-server';
import { launchBrowserServer } from './harness/chromium';
import { buildWeb } from './harness/build-web';
import { resultsDir } from './harness/paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:PORT serving the built web app and the API. */
    baseUrl: string;
    /** host:port of the Firebase Auth emulator the app and the API use. */
    emulatorHost: string;
    /** The API's DATA_DIR. */
    dataDir: string;
    /** The built web app, for a second API instance (`startApi`). */
    webDist: string;
    /** The shared API's log (pino JSON lines), read by harness/on-failure.ts when a test fails. */
    apiLog: string;
    /** Where makeTestWebm keeps each length of test clip it made, for every file of the run. */
    clipDir: string;
    /** The run's Chromium, which `launchBrowser` connects to. */
    browserEndpoint: string;
  }
}

/** Once per run: the Auth emulator, a build of the web app pointing at it, and the API serving both. */
export default async function setup(project: TestProject) {
  // The build only needs the emulator's address, so both start at once (saves the build's ~5-10 s).
  const port = await freePort();
  const [emulatorResult, buildResult] = await Promise.allSettled([
    startAuthEmulator({ port }),
    buildWeb({ emulatorHost: `127.0.0.1:${port}` }),
  ]);
  const webDist = buildResult.status === 'fulfilled' ? buildResult.value : undefined;
  if (emulatorResult.status === 'rejected' || buildResult.status === 'rejected') {
    if (emulatorResult.status === 'fulfilled') await emulatorResult.value.stop();
    if (webDist) rmSync(webDist, { recursive: true, force: true });
    throw emulatorResult.status === 'rejected' ? emulatorResult.reason : (buildResult as PromiseRejectedResult).reason;
  }
  const emulator = emulatorResult.value;
  const dist = buildResult.value;
  const apiLog = join(resultsDir(), 'api.log');
  const [apiResult, browserResult] = await Promise.allSettled([
    startApi({
      webDist: dist,
      emulatorHost: emulator.host,
      logFile: apiLog,
      // Webhook receivers are the tests' own servers on 127.0.0.1 (team.e2e), refused without it.
      env: { WEBHOOK_ALLOW_PRIVATE: '1' },
    }),
    launchBrowserServer(),
  ]);
  if (apiResult.status === 'rejected' || browserResult.status === 'rejected') {
    if (apiResult.status === 'fulfilled') await apiResult.value.stop();
    if (browserResult.status === 'fulfilled') await browserResult.value.close();
    await emulator.stop();
    rmSync(dist, { recursive: true, force: true });
    throw apiResult.status === 'rejected' ? apiResult.reason : (browserResult as PromiseRejectedResult).reason;
  }
  const api = apiResult.value;
  const browser = browserResult.value;
  project.provide('apiLog', apiLog);
  project.provide('baseUrl', api.baseUrl);
  project.provide('emulatorHost', emulator.host);
  project.provide('dataDir', api.dataDir);
  project.provide('webDist', dist);
  const clipDir = mkdtempSync(join(tmpdir(), 'stream-web-e2e-clips-'));
  project.provide('clipDir', clipDir);
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await api.stop();
    await emulator.stop();
    rmSync(dist, { recursive: true, force: true });
    rmSync(clipDir, { recursive: true, force: true });
  };
}
