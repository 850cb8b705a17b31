// The processing worker as its own process (`npm run worker`): for deployments that run the API
// with WORKER=false and any number of workers beside it, all sharing one PostgreSQL queue.
// Reads the same environment as the API; SIGTERM or SIGINT finishes the running job (up to 10 s,
// after which the job is handed back to the queue) and exits.
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { createProcessing, type ProcessingLogger } from './processing';
import { createProcessingVideoStore } from './services/processing-video-store';
import { createBlobStore } from './storage';

/** One JSON line per event on stdout, in pino's shape, like the API's own log. */
const log: ProcessingLogger = {
  info: (details, message) => write(30, details, message),
  warn: (details, message) => write(40, details, message),
  error: (details, message) => write(50, details, message),
};

function write(level: number, details: object, message?: string) {
  const entry: Record<string, unknown> = { level, time: Date.now(), pid: process.pid, name: 'worker', ...details, msg: message };
  if (entry.err instanceof Error) entry.err = { message: entry.err.message, stack: entry.err.stack };
  process.stdout.write(`${JSON.stringify(entry)}\n`);
}

async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    throw new ConfigError(
      'DATABASE_URL: a separate worker needs PostgreSQL; the embedded database serves one process, whose worker runs inside the API',
    );
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const store = createBlobStore(config);
  const processing = await createProcessing({
    config,
    executor: database.executor,
    store,
    videos: createProcessingVideoStore(database.db, store),
    log,
  });
  await processing.startWorker();
  log.info({}, 'worker started');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker stopping');
    await processing.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
