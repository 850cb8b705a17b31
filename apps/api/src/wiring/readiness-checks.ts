import { sql } from 'kysely';
import type { AppDatabase } from '../platform/db/database';
import { pendingMigrations } from '../platform/db/migrate';
import type { ReadinessCheck } from '../platform/ops/readiness';
import type { MediaService } from '../videos';

/**
 * What /readyz asks (docs/deploy.md): the database answers, its schema is the one this code
 * expects, the blob store takes a write, the job queue answers, and the disk under DATA_DIR has
 * READY_MIN_FREE_MB free (a full disk refuses uploads and database writes); and, as a warning
 * only, that some worker is alive. Writing to a bucket costs a request, so that probe's answer is
 * reused for 30 s; the schema changes only on deploys (10 s).
 */
export function readinessChecks(deps: {
  database: AppDatabase;
  media: Pick<MediaService, 'probeWrite'>;
  queueSize: () => Promise<number>;
  /** Workers that beat in the last 30 s, wherever they run (the API's own, with WORKERS>0). */
  liveWorkers: () => Promise<number>;
  /** Bytes free under DATA_DIR, and the fewest with which the process counts as ready. */
  freeBytes: () => Promise<number>;
  minFreeBytes: number;
}): ReadinessCheck[] {
  const { database, media, queueSize, liveWorkers, freeBytes, minFreeBytes } = deps;
  const mib = (bytes: number) => `${Math.floor(bytes / 1024 ** 2)} MiB`;
  return [
    { name: 'database', probe: async () => void (await sql`select 1`.execute(database.db)) },
    {
      name: 'migrations',
      cacheMs: 10_000,
      probe: async () => {
        const pending = await pendingMigrations(database.db);
        if (pending.length) throw new Error(`not applied: ${pending.join(', ')} (run npm run migrate)`);
      },
    },
    {
      name: 'blobStore',
      cacheMs: 30_000,
      probe: () => media.probeWrite(),
    },
    { name: 'queue', probe: async () => void (await queueSize()) },
    {
      name: 'disk',
      probe: async () => {
        const free = await freeBytes();
        if (free < minFreeBytes)
          throw new Error(
            `${mib(free)} free under DATA_DIR, below READY_MIN_FREE_MB (${mib(minFreeBytes)}): make room`,
          );
      },
    },
    {
      name: 'workers',
      advisory: true,
      probe: async () => {
        if ((await liveWorkers()) === 0)
          throw new Error(
            'no worker alive in the last 30 s: new videos wait in PROCESSING (start a worker: npm run serve:worker, or WORKER=true on an API)',
          );
      },
    },
  ];
}
