// Installs the Debian packages the product and its tests need (Chromium, ffmpeg, PostgreSQL,
// nginx for the benchmark) when they are missing. A fresh machine has only Node and npm; the
// project's own scripts must bring the rest.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** What each need looks for on disk, and the Debian package that provides it. */
export const systemPackages = {
  chromium: { probe: '/usr/bin/chromium', apt: ['chromium'] },
  ffmpeg: { probe: '/usr/bin/ffmpeg', apt: ['ffmpeg'] },
  postgresql: { probe: '/usr/lib/postgresql', apt: ['postgresql'] },
  nginx: { probe: '/usr/sbin/nginx', apt: ['nginx-light'] },
  // Third wave: other engines, speech to text and OCR (see docs/toolchain.md, "Third wave, measured here").
  firefox: { probe: '/usr/bin/firefox-esr', apt: ['firefox-esr', 'xvfb'] },
  // Firefox runs headed on a virtual screen of its own to share it (apps/web-e2e harness/xvfb.ts):
  // probed on its own, since a machine may have firefox-esr without it.
  xvfb: { probe: '/usr/bin/Xvfb', apt: ['xvfb'] },
  webkit: {
    probe: '/usr/bin/WebKitWebDriver',
    apt: ['webkit2gtk-driver', 'xvfb', 'gstreamer1.0-libav', 'gstreamer1.0-plugins-good', 'gstreamer1.0-plugins-bad'],
  },
  pocketsphinx: { probe: '/usr/bin/pocketsphinx_continuous', apt: ['pocketsphinx', 'pocketsphinx-en-us'] },
  espeak: { probe: '/usr/bin/espeak-ng', apt: ['espeak-ng'] },
  tesseract: {
    probe: '/usr/share/tesseract-ocr/5/tessdata/eng.traineddata',
    apt: ['tesseract-ocr', 'tesseract-ocr-eng'],
  },
  // A font for ffmpeg's drawtext (the sensitive-text test writes text into its recording).
  fonts: { probe: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', apt: ['fonts-dejavu-core'] },
};

export function missingPackages(needs) {
  return needs.filter((need) => !existsSync(systemPackages[need].probe));
}

/** Ensures every named need is installed; throws with a clear message when it cannot. */
export function ensureSystemPackages(needs, log = console.log) {
  const missing = missingPackages(needs);
  if (missing.length === 0) return;
  const packages = missing.flatMap((need) => systemPackages[need].apt);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = isRoot ? [] : ['sudo', '-n'];
  log(`Installing system packages: ${packages.join(' ')} (needed by ${missing.join(', ')})`);
  const run = (args) => {
    const [command, ...rest] = [...sudo, ...args];
    const result = spawnSync(command, rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) {
      throw new Error(
        `Could not install ${packages.join(' ')}: \`${args.join(' ')}\` failed. Install them with apt and try again.`,
      );
    }
  };
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...packages]);
  const still = missingPackages(needs);
  if (still.length) throw new Error(`Still missing after install: ${still.join(', ')}`);
}

export function commandVersion(command, args = ['-version']) {
  try {
    return execFileSync(command, args, { encoding: 'utf8' }).split('\n')[0];
  } catch {
    return undefined;
  }
}

// `node tools/src/system-packages.mjs nginx ...`: for tests that may not import tools (apps/api).
if (import.meta.url === `file://${process.argv[1]}`) {
  const needs = process.argv.slice(2);
  const unknown = needs.filter((need) => !(need in systemPackages));
  if (unknown.length) {
    console.error(`unknown: ${unknown.join(', ')}; known: ${Object.keys(systemPackages).join(', ')}`);
    process.exit(2);
  }
  ensureSystemPackages(needs);
}
