import { ConfigError, loadConfig } from './config';
import { build } from './server';

async function main() {
  const config = loadConfig();
  const app = await build(config, { logger: { level: config.LOG_LEVEL } });
  await app.listen({ port: config.PORT, host: config.HOST });
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
