import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort, startAuthEmulator } from '@stream/auth/testing';
import type { TestProject } from 'vitest/node';
import { makeDatabaseTemplate, startApi } from './harness/api-server';
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
    /** An empty database for a second API instance to start from (`startApi`'s databaseTemplate). */
    databaseTemplate: string;
  }
}

/** Once per run: the Auth emulator, a build of the web app pointing at it, and the API serving both. */
export default async function setup(project: TestProject) {
  const cleanUps: (() => unknown)[] = [];
  const cleanUp = async () => {
    for (const step of cleanUps.reverse()) await step();
  };
  /** Runs the steps at once; each one that started is undone if any fails. */
  const all = async <T extends unknown[]>(steps: {
    [K in keyof T]: [Promise<T[K]>, (value: T[K]) => unknown];
  }): Promise<T> => {
    const results = await Promise.allSettled(steps.map(([step]) => step));
    results.forEach((result, i) => {
      if (result.status === 'fulfilled') cleanUps.push(() => steps[i]![1](result.value));
    });
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) {
      await cleanUp();
      throw failed.reason;
    }
    return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as T;
  };
  const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true });

  // The build only needs the emulator's address, so both start at once (saves the build's ~5-10 s).
  const port = await freePort();
  const [emulator, dist, databaseTemplate] = await all([
    [startAuthEmulator({ port }), (started) => started.stop()],
    [buildWeb({ emulatorHost: `127.0.0.1:${port}` }), removeDir],
    [makeDatabaseTemplate(), (template) => removeDir(dirname(template))],
  ]);
  const apiLog = join(resultsDir(), 'api.log');
  const [api, browser] = await all([
    [
      startApi({
        webDist: dist,
        emulatorHost: emulator.host,
        logFile: apiLog,
        databaseTemplate,
        // Webhook receivers are the tests' own servers on 127.0.0.1 (team.e2e), refused without it.
        env: { WEBHOOK_ALLOW_PRIVATE: '1' },
      }),
      (started) => started.stop(),
    ],
    [launchBrowserServer(), (launched) => launched.close()],
  ]);
  const clipDir = mkdtempSync(join(tmpdir(), 'stream-web-e2e-clips-'));
  cleanUps.push(() => removeDir(clipDir));
  project.provide('apiLog', apiLog);
  project.provide('baseUrl', api.baseUrl);
  project.provide('emulatorHost', emulator.host);
  project.provide('dataDir', api.dataDir);
  project.provide('webDist', dist);
  project.provide('clipDir', clipDir);
  project.provide('browserEndpoint', browser.wsEndpoint());
  project.provide('databaseTemplate', databaseTemplate);
  return cleanUp;
}
