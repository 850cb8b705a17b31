import { existsSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startPostgres, stopPostgres } from './postgres.mjs';

describe('the throwaway PostgreSQL cluster', () => {
  it('starts on a free port, answers SQL, and leaves nothing behind when stopped', async () => {
    const cluster = await startPostgres();
    try {
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      const { rows } = await client.query<{ version: string }>('select version()');
      await client.end();
      expect(rows[0]!.version).toMatch(/^PostgreSQL \d+/);
    } finally {
      stopPostgres(cluster.dir);
    }
    expect(existsSync(cluster.dir)).toBe(false);
    await expect(new pg.Client({ connectionString: cluster.url }).connect()).rejects.toThrow();
  }, 60_000);
});
