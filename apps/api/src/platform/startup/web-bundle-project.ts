import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config';

/**
 * The Firebase project the built web app (WEB_DIST) signs in to, read from its JavaScript: the
 * `VITE_FIREBASE_PROJECT_ID` the build was given, or the emulator's `demo-stream` a build without
 * it falls back to. Undefined when there is no bundle or it says neither.
 */
export function webBundleProject(webDist: string): string | undefined {
  let files: string[];
  try {
    files = readdirSync(join(webDist, 'assets')).filter((name) => name.endsWith('.js'));
  } catch {
    return undefined;
  }
  let fallback: string | undefined;
  for (const name of files) {
    const text = readFileSync(join(webDist, 'assets', name), 'utf8');
    const given = /VITE_FIREBASE_PROJECT_ID"?\s*:\s*"([^"]+)"/.exec(text);
    if (given) return given[1];
    if (text.includes('"demo-stream"')) fallback = 'demo-stream';
  }
  return fallback;
}

/**
 * A production API that verifies a real project's tokens but serves a bundle built for a `demo-*`
 * project (built without /etc/stream/web-build.env): nobody can sign in, and nothing else says why.
 */
export function webBundleWarning(
  config: Pick<Config, 'NODE_ENV' | 'WEB_DIST' | 'FIREBASE_PROJECT_ID' | 'FIREBASE_AUTH_EMULATOR_HOST'> & {
    FIREBASE_AUTH?: 'on' | 'off';
  },
): string | undefined {
  if (config.NODE_ENV !== 'production' || config.FIREBASE_AUTH_EMULATOR_HOST) return undefined;
  if (config.FIREBASE_AUTH === 'off') return undefined; // no Firebase project to match
  if (config.FIREBASE_PROJECT_ID.startsWith('demo-')) return undefined;
  const bundle = webBundleProject(config.WEB_DIST);
  if (!bundle?.startsWith('demo-')) return undefined;
  return `WARNING: the web app in ${config.WEB_DIST} was built for the Firebase project ${bundle} (the Auth emulator's), while this API accepts ${config.FIREBASE_PROJECT_ID}'s tokens: nobody can sign in. Build it with your project's settings: node tools/with-env.mjs /etc/stream/web-build.env npm run build (docs/deploy.md)`;
}
