#!/usr/bin/env node
// `npm run restore -- --from DIR [--force]`: a backup of `npm run backup` into the database and blob
// store the server's settings name; a target holding anything is refused without --force.
// apps/api/src/restore.ts does the work.
import { runApiEntry } from './src/api-entry.mjs';

runApiEntry('restore');
