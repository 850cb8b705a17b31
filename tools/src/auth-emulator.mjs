// The Firebase Auth emulator for `npm start` and the soak: the launcher of @stream/auth/testing
// (one launcher for tests and tools), on a given port, reusing an emulator already answering there.
// `npm start` runs this file with plain Node before it knows tsx is installed, so the lib's
// TypeScript is loaded here, once dependencies exist, through tsx's scoped `tsImport`.

/** The lib's testing entry (TypeScript), loaded on first use. */
async function authTesting() {
  const { tsImport } = await import('tsx/esm/api');
  return tsImport('@stream/auth/testing', import.meta.url);
}

/** Sends `signal` to the whole process group led by `pid`; false when it is already gone. */
export function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts the emulator on 127.0.0.1:`port` and resolves once it answers, or reuses one that
 * already answers there. If `cancelled()` turns true while it starts, stops it and rejects.
 * Resolves with { host, pid (undefined when reused), reused, output(), exited, stop() }: stop
 * sends SIGTERM to its group, then SIGKILL after `graceMs`, and removes its folder.
 */
export async function startAuthEmulator({ port, timeoutMs, graceMs, cancelled } = {}) {
  const { startAuthEmulator: start } = await authTesting();
  // The caller watches `exited` and says what it means (npm start: sign-ins will fail).
  return start({ port, reuse: true, timeoutMs, graceMs, cancelled, onUnexpectedExit: () => undefined });
}
