// `npm run restore -- --from DIR [--force]`: a backup of `npm run backup` into the database and
// blob store the server's settings name. Refuses a target that holds anything unless --force.
import './platform/startup/quiet-aws-sdk';
import { parseArgs } from 'node:util';
import { restoreBackup } from './platform/backup/restore-backup';
import { BackupError } from './platform/backup/backup-format';
import { ConfigError, loadConfig } from './config';
import { StartupError } from './platform/startup/startup-error';

async function main() {
  const { values } = parseArgs({ options: { from: { type: 'string' }, force: { type: 'boolean', default: false } } });
  if (!values.from) throw new BackupError('usage: npm run restore -- --from DIR [--force]');
  const { blobs } = await restoreBackup(loadConfig(), values.from, values.force, (line) => console.log(line));
  console.log(`restored ${values.from}: the database and ${blobs} blobs; start the server (it migrates)`);
}

main().catch((error: unknown) => {
  const known = error instanceof BackupError || error instanceof ConfigError || error instanceof StartupError;
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
