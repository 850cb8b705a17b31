#!/usr/bin/env node
// `node tools/with-env.mjs /etc/stream/stream.env npm run migrate`: runs a command with the settings
// of an environment file, read as systemd's EnvironmentFile= reads the same file (NAME=value a
// line, the rest of the line the value, spaces and `<>` included; quotes optional; # starts a
// comment line). The values never appear on a command line (ps, sudo's log, shell history), as
// `env $(grep … | xargs) …` put them, and a value with spaces breaks nothing. docs/deploy.md.
import { spawnSync } from 'node:child_process';

const [file, command, ...args] = process.argv.slice(2);
if (!file || !command) {
  console.error('usage: node tools/with-env.mjs ENV_FILE COMMAND [ARGUMENT...]');
  process.exit(2);
}
try {
  // Node's own parser (the one of `node --env-file`); a setting already in the environment wins.
  process.loadEnvFile(file);
} catch (error) {
  console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
const run = spawnSync(command, args, { stdio: 'inherit' });
if (run.error) {
  console.error(`${command}: ${run.error.message}`);
  process.exit(127);
}
if (run.signal) process.kill(process.pid, run.signal);
process.exit(run.status ?? 1);
