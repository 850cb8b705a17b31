// Run as its own process (node --expose-gc --import tsx): opens the app's database in the given
// data directory, as the server does at start-up, and prints the process's memory as JSON.
import { openDatabase } from '../../src/platform/db/database';

const database = await openDatabase({ dataDir: process.argv[2]! });
// What stays, not what is still waiting to be collected: the closed first instance can stay
// reachable for a moment after close() (once seen in CI), so collect a few times, a moment apart.
for (let round = 0; round < 5; round++) {
  globalThis.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const { rss, external } = process.memoryUsage();
console.log(JSON.stringify({ rss, external }));
await database.close();
