import { chromium, type BrowserServer } from 'playwright-core';

export const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, with fake camera, microphone and screen capture ("Entire screen" picked at once). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--auto-select-desktop-capture-source=Entire screen',
  '--autoplay-policy=no-user-gesture-required',
];

/**
 * Once per run (src/global-setup.ts): Debian's headless Chromium with fake camera, microphone and
 * screen capture, which every test file connects to. Starting and stopping a Chromium took about a
 * second a file, two and more under load; what a file needs apart from the others is a context
 * (its own storage, cookies, cache and permissions), which `newPage` makes for every page.
 */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath, args: chromiumArgs });
}
