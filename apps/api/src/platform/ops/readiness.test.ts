import { describe, expect, it } from 'vitest';
import { Readiness } from './readiness';

describe('Readiness', () => {
  it('probes once per cache period however often it is asked, and again after it', async () => {
    let probes = 0;
    const readiness = new Readiness([{ name: 'db', cacheMs: 50, probe: async () => void probes++ }]);
    await Promise.all([readiness.report(), readiness.report(), readiness.report()]);
    await readiness.report();
    expect(probes).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await readiness.report()).toEqual({ ready: true, checks: { db: 'ok' } });
    expect(probes).toBe(2);
  });

  it('names the failing check and its reason', async () => {
    const readiness = new Readiness([
      { name: 'db', probe: async () => undefined },
      { name: 'queue', probe: async () => Promise.reject(new Error('connection refused')) },
    ]);
    expect(await readiness.report()).toEqual({ ready: false, checks: { db: 'ok', queue: 'connection refused' } });
  });

  it('counts a probe that hangs as failed instead of waiting on it', async () => {
    const readiness = new Readiness([{ name: 'store', probe: () => new Promise<void>(() => undefined) }], 200);
    const report = await readiness.report();
    expect(report.ready).toBe(false);
    expect(report.checks.store).toMatch(/no answer within/);
  }, 5000);

  it('is not ready from the moment it is stopped, whatever the checks say', async () => {
    const readiness = new Readiness([{ name: 'db', probe: async () => undefined }]);
    expect((await readiness.report()).ready).toBe(true);
    readiness.stop();
    expect(await readiness.report()).toEqual({ ready: false, checks: { shutdown: 'stopping' } });
  });

  it('lists a failing advisory check as a warning and stays ready, unless asked strictly', async () => {
    const readiness = new Readiness([
      { name: 'db', probe: async () => undefined },
      { name: 'workers', advisory: true, probe: async () => Promise.reject(new Error('no worker alive')) },
    ]);
    expect(await readiness.report()).toEqual({
      ready: true,
      checks: { db: 'ok' },
      warnings: { workers: 'no worker alive' },
    });
    expect(await readiness.report(true)).toEqual({
      ready: false,
      checks: { db: 'ok', workers: 'no worker alive' },
    });
  });
});
