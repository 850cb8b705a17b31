import { nodeVersionWarning } from './platform/startup/quiet-aws-sdk'; // first: before the AWS SDK loads
// The processing worker as its own process (`npm run serve:worker` built, `npm run dev:worker` from source): for deployments that run the API
// with WORKER=false and any number of workers beside it, all sharing one PostgreSQL queue.
// Reads the same environment as the API; SIGTERM or SIGINT finishes the running job (up to
// SHUTDOWN_GRACE_SECONDS, after which the job is handed back to the queue) and exits.
import pino from 'pino';
import { listenHost } from './platform/http/listen-host';
import { logFormat, logStream } from './platform/ops/log-format';
import { ApiMetrics } from './platform/ops/metrics';
import { startOpsServer } from './platform/ops/ops-server';
import { Readiness } from './platform/ops/readiness';
import { stopOnSignals } from './platform/ops/shutdown';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './platform/db/database';
import { MediaService } from './videos';
import { claimMediaTools } from './platform/media/media-tool-owner';
import { wireJobs } from './wiring/processing-wiring';
import { checkDataDir } from './platform/startup/check-data-dir';
import { checkDeployment, describeDatabase } from './platform/startup/deployment-rules';
import { StartupError } from './platform/startup/startup-error';
import { createBlobStore } from './platform/storage';

async function main() {
  const config = loadConfig();
  const deployment = checkDeployment(config, 'worker');
  for (const warning of deployment.warnings) console.error(warning);
  if (deployment.refusals.length) throw new StartupError(deployment.refusals.join('\n'));
  const stream = logStream(logFormat(config.LOG_FORMAT));
  const log = stream
    ? pino({ name: 'worker', level: config.LOG_LEVEL }, stream)
    : pino({ name: 'worker', level: config.LOG_LEVEL });
  const oldNode = nodeVersionWarning();
  if (oldNode) log.warn({ node: process.version }, oldNode);
  if (!config.DATABASE_URL) {
    throw new ConfigError(
      'DATABASE_URL: a separate worker needs PostgreSQL; the embedded database serves one process, whose worker runs inside the API',
    );
  }
  // The worker writes its scratch (and, with local storage, blobs) under DATA_DIR, as the API does.
  await checkDataDir(config, 'worker');
  // Before any job starts: the tools a killed predecessor left would redo its jobs beside ours.
  const leftoverTools = await claimMediaTools(config.DATA_DIR);
  if (leftoverTools) log.warn({ ended: leftoverTools }, 'ended media tools a killed process left running');
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onConnectionError: (lost) => log.warn(lost, 'lost a database connection'),
  });
  const media = new MediaService({ db: database.db, store: createBlobStore(config), log });
  const metrics = new ApiMetrics({ processMetrics: config.METRICS_TOKEN !== undefined });
  // With the daily notification digest, webhook deliveries and video.ready.
  const { mail, processing } = await wireJobs({ config, database, media, log, metrics });
  await processing.startWorker();
  const ops = config.METRICS_PORT
    ? await startOpsServer({
        port: config.METRICS_PORT,
        host: listenHost(config).host,
        readiness: new Readiness([
          { name: 'database', probe: async () => void (await database.executor.executeSql('select 1')) },
          { name: 'queue', probe: async () => void (await processing.queueSize()) },
        ]),
        metrics,
        metricsToken: config.METRICS_TOKEN,
      })
    : undefined;
  log.info({ metrics: ops?.url }, 'worker started');
  log.info(describeDatabase(config));

  stopOnSignals({
    close: async () => {
      log.info({}, 'worker stopping');
      await ops?.close();
      await processing.stop(config.SHUTDOWN_GRACE_SECONDS * 1000);
      mail.mailer?.close();
      await database.close();
    },
    cut: () => undefined, // the queue hands a job still running at the end of the grace back by itself
    graceSeconds: config.SHUTDOWN_GRACE_SECONDS,
    log,
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof StartupError ? error.message : error);
  process.exit(1);
});
