// `npm run migrate`: brings the database to this code's schema, ours and the job queue's, then
// exits. A deploy runs it once before starting the new processes; the APIs also migrate as they
// start, and any number of them may do so at once (platform/db/migrate.ts: an advisory lock).
import './platform/startup/quiet-aws-sdk'; // first: before the AWS SDK loads
import { join } from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './platform/db/database';
import { pendingMigrations } from './platform/db/migrate';
import { createProcessing } from './platform/processing';
import { checkDataDir } from './platform/startup/check-data-dir';
import { lockDataDir } from './platform/startup/data-dir-lock';
import { StartupError } from './platform/startup/startup-error';

async function main() {
  const config = loadConfig();
  const log = pino({ name: 'migrate', level: config.LOG_LEVEL });
  if (!config.DATABASE_URL) {
    await checkDataDir({ ...config, WORKER: false });
    await lockDataDir(config.DATA_DIR); // the embedded database: not while an API runs on it
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    // The queue's schema (pg-boss) and queues are made or upgraded as it starts.
    const queue = await createProcessing({
      config,
      executor: database.executor,
      videos: {
        findForProcessing: unused,
        fetchUpload: unused,
        markReady: unused,
        addStoryboard: unused,
        markFailed: unused,
      },
      scratchDir: join(config.DATA_DIR, 'tmp', 'processing'),
      log,
    });
    await queue.stop();
    const pending = await pendingMigrations(database.db);
    if (pending.length) throw new Error(`migrations still pending: ${pending.join(', ')}`);
    log.info({ database: database.kind }, 'database schema is current');
  } finally {
    await database.close();
  }
}

/** The migration step runs no jobs: nothing asks the video store anything. */
const unused = async (): Promise<never> => {
  throw new Error('npm run migrate runs no jobs');
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof StartupError ? error.message : error);
    process.exit(1);
  },
);
