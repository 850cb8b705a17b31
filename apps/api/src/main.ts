import { ConfigError, loadConfig } from './config';
import { listenHost } from './http/listen-host';
import { build } from './server';
import { checkDataDir } from './startup/check-data-dir';
import { lockDataDir } from './startup/data-dir-lock';
import { StartupError } from './startup/startup-error';

async function main() {
  const config = loadConfig();
  await checkDataDir(config);
  if (!config.DATABASE_URL) await lockDataDir(config.DATA_DIR);
  const app = await build(config, { logger: { level: config.LOG_LEVEL } });
  const { host, warning } = listenHost(config);
  if (warning) console.error(warning); // whatever LOG_LEVEL says
  await app.listen({ port: config.PORT, host }).catch(async (error: NodeJS.ErrnoException) => {
    await app.close();
    if (error.code !== 'EADDRINUSE') throw error;
    throw new StartupError(`PORT=${config.PORT}: ${host}:${config.PORT} is already in use by another process`);
  });
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof StartupError ? error.message : error);
  process.exit(1);
});
