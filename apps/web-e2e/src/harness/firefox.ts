import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

/** Debian's Firefox ESR (tools/src/system-packages.mjs installs it for the tests). */
export const FIREFOX_PATH = '/usr/bin/firefox-esr';

/**
 * Firefox ESR, headless, driven over WebDriver BiDi by puppeteer-core (Debian has no geckodriver):
 * autoplay allowed, fake camera and microphone, its caches and profile in a temp folder of its own
 * (../shared/TOOLCHAIN.md, "Other engines"). `close` also removes that folder.
 */
export async function launchFirefox(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const home = await mkdtemp(join(tmpdir(), 'stream-e2e-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    env: {
      ...process.env,
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
    async close() {
      await browser.close().catch(() => undefined);
      await rm(home, { recursive: true, force: true });
    },
  };
}
