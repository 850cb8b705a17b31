import { nodeVersionWarning } from './platform/startup/quiet-aws-sdk'; // first: before the AWS SDK loads
import { ConfigError, loadConfig } from './config';
import { listenHost } from './platform/http/listen-host';
import { logFormat, logStream } from './platform/ops/log-format';
import { closeIdleConnectionsGently } from './platform/ops/idle-connections';
import { loadAcceptQueueDrain } from './platform/ops/accept-queue';
import { closeListenerFirst, stopOnSignals } from './platform/ops/shutdown';
import { serveBackups } from './platform/backup/backup-socket';
import { openDatabase } from './platform/db/database';
import { claimMediaTools } from './platform/media/media-tool-owner';
import { build } from './server';
import { checkDataDir } from './platform/startup/check-data-dir';
import { checkDeployment, describeDatabase } from './platform/startup/deployment-rules';
import { tuneHeapGrowth } from './platform/startup/heap-growth';
import { webBundleWarning } from './platform/startup/web-bundle-project';
import { lockDataDir } from './platform/startup/data-dir-lock';
import { StartupError } from './platform/startup/startup-error';

async function main() {
  tuneHeapGrowth();
  const config = loadConfig();
  const deployment = checkDeployment(config, 'api');
  for (const warning of deployment.warnings) console.error(warning); // whatever LOG_LEVEL says
  if (deployment.refusals.length) throw new StartupError(deployment.refusals.join('\n'));
  const bundleWarning = webBundleWarning(config);
  if (bundleWarning) console.error(bundleWarning); // whatever LOG_LEVEL says
  await checkDataDir(config);
  if (!config.DATABASE_URL) await lockDataDir(config.DATA_DIR);
  // Before any job starts: the tools a killed predecessor left would redo its jobs beside ours.
  const leftoverTools = await claimMediaTools(config.DATA_DIR);
  const stream = logStream(logFormat(config.LOG_FORMAT));
  // The embedded database is opened here so that `npm run backup` can ask this process for a copy.
  const database = config.DATABASE_URL ? undefined : await openDatabase({ dataDir: config.DATA_DIR });
  const app = await build(config, { logger: { level: config.LOG_LEVEL, stream }, database });
  app.log.info(describeDatabase(config));
  if (leftoverTools) app.log.warn({ ended: leftoverTools }, 'ended media tools a killed process left running');
  const oldNode = nodeVersionWarning();
  if (oldNode) app.log.warn({ node: process.version }, oldNode);
  const { host, warning } = listenHost(config);
  if (warning) console.error(warning); // whatever LOG_LEVEL says
  // Stopping is set up before the port opens: a SIGTERM the moment the server says it listens (a
  // service manager, a test) must find its handler, or the process dies without releasing anything.
  let stopBackups: (() => void) | undefined;
  const drainAcceptQueue = await loadAcceptQueueDrain(); // loaded now: stopping must not wait for it
  stopOnSignals({
    close: () => {
      stopBackups?.();
      return closeListenerFirst(app, drainAcceptQueue);
    },
    cut: () => app.server.closeAllConnections(),
    graceSeconds: config.SHUTDOWN_GRACE_SECONDS,
    log: app.log,
  });
  await app.listen({ port: config.PORT, host }).catch(async (error: NodeJS.ErrnoException) => {
    await app.close();
    if (error.code !== 'EADDRINUSE') throw error;
    throw new StartupError(`PORT=${config.PORT}: ${host}:${config.PORT} is already in use by another process`);
  });
  // Not being able to serve backups (a DATA_DIR path too long for a UNIX socket) stops nothing else.
  if (database?.dumpDataDir) {
    stopBackups = await serveBackups(config.DATA_DIR, database.dumpDataDir, app.log).catch((error: Error) => {
      app.log.warn({ err: error }, 'npm run backup cannot ask this process: stop it to back up DATA_DIR');
      return undefined;
    });
  }
  closeIdleConnectionsGently(app.server, (address) => app.trustsProxy?.(address, 0) ?? false);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof StartupError ? error.message : error);
  process.exit(1);
});
