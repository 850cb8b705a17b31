// Run as its own process (node --expose-gc --import tsx): opens the app's database in the given
// data directory, as the server does at start-up, and prints the process's memory as JSON.
import { openDatabase } from '../../src/db/database';

const database = await openDatabase({ dataDir: process.argv[2]! });
globalThis.gc?.();
const { rss, external } = process.memoryUsage();
console.log(JSON.stringify({ rss, external }));
await database.close();
