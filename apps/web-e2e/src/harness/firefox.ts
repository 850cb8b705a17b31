import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { startXvfb } from './xvfb';

/** Debian's Firefox ESR (tools/src/system-packages.mjs installs it for the tests). */
export const FIREFOX_PATH = '/usr/bin/firefox-esr';

export interface LaunchedFirefox {
  readonly browser: Browser;
  /** The X display Firefox runs on (for a screenshot of the whole screen: ffmpeg's x11grab). */
  readonly display: string;
  close(): Promise<void>;
}

/**
 * Firefox ESR driven over WebDriver BiDi by puppeteer-core (Debian has no geckodriver): autoplay
 * allowed, fake camera and microphone, its caches and profile in a temp folder of its own
 * (docs/toolchain.md, "Third wave, measured here"). Headed, on an Xvfb display of its own: headless
 * Firefox has no screen to share (getDisplayMedia answers NotFoundError); a headed one shares the
 * virtual screen once a real click asks. `close` also stops that display and removes the folder.
 */
export async function launchFirefox(): Promise<LaunchedFirefox> {
  const home = await mkdtemp(join(tmpdir(), 'stream-e2e-firefox-'));
  const display = await startXvfb().catch(async (error: unknown) => {
    await rm(home, { recursive: true, force: true });
    throw error;
  });
  const cleanUp = async () => {
    await display.stop();
    await rm(home, { recursive: true, force: true });
  };
  try {
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX_PATH,
      headless: false,
      env: {
        ...process.env,
        DISPLAY: display.name,
        XDG_CACHE_HOME: join(home, 'cache'),
        XDG_CONFIG_HOME: join(home, 'config'),
        XDG_DATA_HOME: join(home, 'data'),
      },
      extraPrefsFirefox: {
        'media.navigator.streams.fake': true,
        'media.navigator.permission.disabled': true,
        'media.autoplay.default': 0,
      },
    });
    return {
      browser,
      display: display.name,
      async close() {
        await browser.close().catch(() => undefined);
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
