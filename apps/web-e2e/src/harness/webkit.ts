import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@stream/auth/testing';
import { Builder, type WebDriver } from 'selenium-webdriver';

/** Debian's WebKitGTK WebDriver and browser (tools/src/system-packages.mjs installs them for the tests). */
export const WEBKIT_DRIVER_PATH = '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/**
 * WebKitGTK's MiniBrowser driven by WebKitWebDriver through selenium-webdriver, on a virtual screen
 * (MiniBrowser has no headless mode): autoplay allowed, mock camera, microphone and screen, its
 * caches in a temp folder of its own (docs/toolchain.md, "Third wave, measured here"). `close` ends the
 * session, the driver and its screen, and removes that folder.
 */
export async function launchWebKit(): Promise<{ driver: WebDriver; close(): Promise<void> }> {
  const home = await mkdtemp(join(tmpdir(), 'stream-e2e-webkit-'));
  const port = await freePort();
  // Its own process group, so xvfb-run, Xvfb, the driver and MiniBrowser all stop together.
  const server = spawn(
    'xvfb-run',
    ['-a', '-s', '-screen 0 1280x800x24', WEBKIT_DRIVER_PATH, `--port=${port}`, '--host=127.0.0.1'],
    {
      detached: true,
      stdio: 'ignore',
      env: {
        ...process.env,
        XDG_CACHE_HOME: join(home, 'cache'),
        XDG_CONFIG_HOME: join(home, 'config'),
        XDG_DATA_HOME: join(home, 'data'),
        // xvfb-run's own folder (its Xauthority) too: stopped by a signal, it never removes it.
        TMPDIR: home,
      },
    },
  );
  const stop = async () => {
    try {
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await rm(home, { recursive: true, force: true });
  };
  try {
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 20_000;
    while (
      !(await fetch(`${url}/status`).then(
        (answer) => answer.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) throw new Error(`WebKitWebDriver did not answer on ${url} within 20 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const driver = await new Builder()
      .usingServer(url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        // Without --automation the session fails to match; with a binary but no args it hangs.
        'webkitgtk:browserOptions': {
          binary: MINIBROWSER_PATH,
          args: [
            '--automation',
            '--enable-media-stream=true',
            '--enable-mock-capture-devices=true',
            '--autoplay-policy=allow',
          ],
        },
      })
      .build();
    return {
      driver,
      async close() {
        await driver.quit().catch(() => undefined);
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
