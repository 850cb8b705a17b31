import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { webBundleProject, webBundleWarning } from './web-bundle-project';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A built web app whose one script holds `code`. */
function dist(code: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-abc.js'), code);
  return dir;
}
// As vite inlines import.meta.env into the bundle, with and without the build's settings.
const emulatorBuild = dist('const e={BASE_URL:"/",MODE:"production"};const d="demo-stream";');
const projectBuild = dist(
  'const e={BASE_URL:"/",VITE_FIREBASE_API_KEY:"AIza",VITE_FIREBASE_PROJECT_ID:"acme-stream"};const d="demo-stream";',
);
const production = {
  NODE_ENV: 'production',
  FIREBASE_PROJECT_ID: 'acme-stream',
  FIREBASE_AUTH_EMULATOR_HOST: undefined,
};

describe('the web app a production API serves', () => {
  it('reads the Firebase project the bundle was built for', () => {
    expect(webBundleProject(emulatorBuild)).toBe('demo-stream');
    expect(webBundleProject(projectBuild)).toBe('acme-stream');
    expect(webBundleProject(join(tmpdir(), 'no-such-web-dist'))).toBeUndefined();
  });

  it('is warned about when it was built for a demo project and the API takes a real one', () => {
    expect(webBundleWarning({ ...production, WEB_DIST: emulatorBuild })).toMatch(
      /^WARNING: the web app in .* was built for the Firebase project demo-stream .*acme-stream's tokens: nobody can sign in\. .*web-build\.env npm run build/,
    );
    expect(webBundleWarning({ ...production, WEB_DIST: projectBuild })).toBeUndefined();
    expect(webBundleWarning({ ...production, NODE_ENV: undefined, WEB_DIST: emulatorBuild })).toBeUndefined();
    expect(
      webBundleWarning({ ...production, FIREBASE_PROJECT_ID: 'demo-stream', WEB_DIST: emulatorBuild }),
    ).toBeUndefined();
  });
});
