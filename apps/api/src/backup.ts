// `npm run backup -- --out DIR`: the database (PostgreSQL with DATABASE_URL, else the embedded one
// in DATA_DIR) and every blob it names (local disk or S3, as the server's settings say), into a
// new or empty folder. docs/deploy.md, Backups; platform/backup/make-backup.ts says why in that order.
import './platform/startup/quiet-aws-sdk';
import { parseArgs } from 'node:util';
import { makeBackup } from './platform/backup/make-backup';
import { BackupError } from './platform/backup/backup-format';
import { ConfigError, loadConfig } from './config';
import { StartupError } from './platform/startup/startup-error';

async function main() {
  // A backup holds every account's rows and videos: its files are the running user's alone (0600
  // in a 0700 folder), pg_dump's and tar's included, whatever umask the operator's shell had.
  process.umask(0o077);
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) throw new BackupError('usage: npm run backup -- --out DIR');
  const manifest = await makeBackup(loadConfig(), values.out, (line) => console.log(line));
  console.log(`backup in ${values.out}: the database and ${manifest.blobs.length} blobs`);
}

main().catch((error: unknown) => {
  const known = error instanceof BackupError || error instanceof ConfigError || error instanceof StartupError;
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
