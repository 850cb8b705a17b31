// The soak's settings from its command line: `npm run soak -- --uploads 5 --streams 20 --seconds 10`.
export const defaults = {
  uploads: 20,
  streams: 200,
  seconds: 60,
  maxUploads: 100,
  videoSeconds: 20,
  settleSeconds: 600,
  tus: 1,
  idleSeconds: 60,
};

const flags = {
  '--uploads': ['uploads', 1, 100, 'uploads at once (one round)'],
  '--streams': ['streams', 1, 1000, 'concurrent range streams'],
  '--seconds': ['seconds', 1, 3600, 'seconds of load'],
  '--max-uploads': ['maxUploads', 1, 10_000, 'uploads in all, in rounds spread over the load'],
  '--video-seconds': ['videoSeconds', 1, 600, 'length of each uploaded video, in seconds'],
  '--settle-seconds': ['settleSeconds', 10, 7200, 'seconds to wait for processing after the load'],
  '--tus': ['tus', 0, 1, 'upload resumably in small PATCHes as a recording does (1) or whole (0)'],
  '--idle-seconds': ['idleSeconds', 0, 3600, 'seconds idle after the checks before the last RSS reading'],
};

export const usage = `Usage: npm run soak -- [flag value]...
${Object.entries(flags)
  .map(([flag, [key, min, max, what]]) => `  ${flag.padEnd(17)} ${what} (${min}-${max}, default ${defaults[key]})`)
  .join('\n')}`;

/** Parses `--flag value` pairs into the settings; throws an Error that names the bad flag. */
export function parseOptions(argv) {
  const options = { ...defaults };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, text] = [argv[i], argv[i + 1]];
    const spec = flags[flag];
    if (!spec) throw new Error(`unknown flag ${JSON.stringify(flag)}`);
    const [key, min, max] = spec;
    const value = Number(text);
    if (text === undefined || !/^\d+$/.test(text) || value < min || value > max) {
      throw new Error(`${flag} expects a whole number from ${min} to ${max}, got ${JSON.stringify(text ?? '')}`);
    }
    options[key] = value;
  }
  if (options.maxUploads < options.uploads)
    throw new Error(`--max-uploads (${options.maxUploads}) is below --uploads (${options.uploads})`);
  return options;
}
