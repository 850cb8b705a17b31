// pg-boss 10.4.2 completes or fails a job after its handler returns without awaiting it
// (src/manager.js, `onFetch`: `this.complete(name, jobIds)` / `this.fail(name, jobIds, err)`).
// With the database away at that moment (a restart, a failover) the rejection went unhandled and
// ended the process (test/system/database-restart.test.ts); so did PGlite unable to extend a file on a full
// disk (test/system/disk-full-recovery.test.ts). Wrapped here, once per process: a settle that fails
// because the database is away or its disk full is tried again every 2 s for up to 5 minutes (long enough for a
// restart or failover; an active job not settled by then expires as before), and any other failure
// becomes the queue's 'error' event, which the processing module logs.
import type { EventEmitter } from 'node:events';
import Manager from 'pg-boss/src/manager.js';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { isDiskFull } from '../storage/disk-full';

const RETRY_MS = 2000;
const RETRIES = 150;

type Settle = (this: EventEmitter, ...args: unknown[]) => Promise<unknown>;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms).unref());

function surely(settle: Settle): Settle {
  const wrapped = function (this: EventEmitter, ...args: unknown[]) {
    const attempt = (left: number): Promise<unknown> =>
      settle.apply(this, args).catch(async (error: unknown) => {
        if (left <= 0 || !(isDatabaseUnavailable(error) || isDiskFull(error))) throw error;
        await sleep(RETRY_MS);
        return attempt(left - 1);
      });
    const settled = attempt(RETRIES);
    settled.catch((error: unknown) => this.emit('error', error));
    return settled;
  };
  // PgBoss publishes the manager's methods under their function names (boss.fail, boss.complete).
  return Object.defineProperty(wrapped, 'name', { value: settle.name });
}

let installed = false;

/** Makes pg-boss's completing and failing of jobs survive a database that is away for a while. */
export function settleJobsSurely(): void {
  if (installed) return;
  installed = true;
  const prototype = Manager.prototype as unknown as Record<'complete' | 'fail', Settle>;
  prototype.complete = surely(prototype.complete);
  prototype.fail = surely(prototype.fail);
}
