#!/usr/bin/env node
// `npm run backup -- --out DIR`: the database and every blob it names, read with the server's own
// settings (DATABASE_URL or DATA_DIR; S3_* or DATA_DIR/blobs). apps/api/src/backup.ts does the work.
import { runApiEntry } from './src/api-entry.mjs';

runApiEntry('backup');
