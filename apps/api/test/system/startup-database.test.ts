// Start-up with a PostgreSQL that is down or refuses us: one line naming
// DATABASE_URL and the cause, with the password hidden, and exit 1; it was a raw stack trace.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startApiProcess } from '../support/api-process';
import { freePort } from '../support/free-port';

const dataDir = mkdtempSync(join(tmpdir(), 'stream-startup-database-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the API with `databaseUrl`; resolves with its stderr lines once it exits (it must, with 1). */
async function refusal(databaseUrl: string): Promise<{ lines: string[]; output: string }> {
  const api = startApiProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  const timer = setTimeout(() => api.child.kill('SIGKILL'), 30_000); // it started after all
  const { code } = await api.exited;
  clearTimeout(timer);
  expect(code, api.output()).toBe(1);
  return { lines: api.stderr().trimEnd().split('\n'), output: api.output() };
}

describe('a DATABASE_URL the API cannot use', () => {
  it('names the setting and says the connection was refused when nothing listens, without the password', async () => {
    const port = await freePort();
    const { lines, output } = await refusal(`postgres://stream:s3cret-word@127.0.0.1:${port}/stream`);
    expect(lines).toEqual([
      `DATABASE_URL=postgres://stream:***@127.0.0.1:${port}/stream: cannot connect: connection refused (is PostgreSQL running, on that host and port?)`,
    ]);
    expect(output).not.toContain('s3cret-word');
  });

  it('names the setting and the database PostgreSQL does not have', async () => {
    const url = new URL(inject('postgresUrl'));
    url.pathname = '/no_such_database';
    url.password = 'an-unused-password';
    const { lines, output } = await refusal(url.href);
    url.password = '***';
    expect(lines).toEqual([`DATABASE_URL=${url.href}: cannot connect: database "no_such_database" does not exist`]);
    expect(output).not.toContain('an-unused-password');
  });
});
