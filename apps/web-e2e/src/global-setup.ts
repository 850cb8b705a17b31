import { rmSync } from 'node:fs';
import { startAuthEmulator } from '@stream/auth/testing';
import type { TestProject } from 'vitest/node';
import { startApi } from './harness/api-server';
import { buildWeb } from './harness/build-web';

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
  }
}

/** Once per run: the Auth emulator, a build of the web app pointing at it, and the API serving both. */
export default async function setup(project: TestProject) {
  const emulator = await startAuthEmulator();
  let webDist: string | undefined;
  try {
    webDist = await buildWeb({ emulatorHost: emulator.host });
    const api = await startApi({ webDist, emulatorHost: emulator.host });
    project.provide('baseUrl', api.baseUrl);
    project.provide('emulatorHost', emulator.host);
    project.provide('dataDir', api.dataDir);
    project.provide('webDist', webDist);
    return async () => {
      await api.stop();
      await emulator.stop();
      rmSync(webDist!, { recursive: true, force: true });
    };
  } catch (error) {
    await emulator.stop();
    if (webDist) rmSync(webDist, { recursive: true, force: true });
    throw error;
  }
}
