// PostgreSQL stopped and started again under load: `pg_ctl stop -m fast` ended the
// API within 2 s (an unheard 'error' event of the pool's idle clients, 57P01). Now the process
// stays up, /readyz says the database is away, requests that need it fail with a clear 503
// (RPC: unavailable), and once PostgreSQL is back the API serves again by itself; no upload that
// was answered 201 is lost.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, ConnectError } from '@connectrpc/connect';
import { Status } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRecordingLikeWebm } from '../support/processing-fixtures';
import { newTestUser, startAuthEmulator } from '../support/auth-emulator';
import { videoClient } from '../support/clients';
import { killGroup, startKillableApi, type KillableApi } from '../support/killable-api';
import { startRestartablePostgres, type RestartablePostgres } from '../support/restartable-postgres';
import { uploadVideo } from '../support/upload';
import { until, untilProcessed } from '../support/until';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('PostgreSQL stopped and started again under load', () => {
  let emulator: AuthEmulator;
  let user: TestUser;
  let postgres: RestartablePostgres;
  let api: KillableApi;
  let scratch: string;
  let recording: Buffer;
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'database-restart-'));
    const file = join(scratch, 'recording.webm');
    const [started, cluster] = await Promise.all([
      startAuthEmulator(),
      startRestartablePostgres(),
      makeRecordingLikeWebm(file, 1),
    ]);
    emulator = started;
    postgres = cluster;
    recording = readFileSync(file);
    user = await newTestUser(emulator.host);
    api = await startKillableApi({
      dataDir: join(scratch, 'data'),
      emulatorHost: emulator.host,
      children,
      env: { DATABASE_URL: postgres.url, PROCESSING_MAINTENANCE_SECONDS: '1' },
    });
  }, 120_000);

  afterAll(async () => {
    for (const child of children) killGroup(child);
    await emulator?.stop();
    postgres?.remove();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('keeps running, answers 503 while the database is away and serves again once it is back', async () => {
    const client = videoClient(api.baseUrl, { token: user.idToken });
    const stored: string[] = [];
    const uploadStatuses = new Set<number>();
    const rpcOutcomes = new Set<string>();
    const failures: string[] = [];
    let loading = true;

    // Load: uploads and lists back to back, before, during and after the outage.
    const uploads = (async () => {
      while (loading) {
        const answer = await uploadVideo(api.baseUrl, recording, { token: user.idToken }).catch((error: Error) => {
          failures.push(`upload: ${String(error.cause ?? error)}`);
          return { status: 0, json: {} } as Awaited<ReturnType<typeof uploadVideo>>;
        });
        uploadStatuses.add(answer.status);
        if (answer.status === 201) stored.push(answer.json.video!.id);
        else if (answer.status !== 503 || !/database/i.test(answer.json.message ?? ''))
          failures.push(`upload: ${answer.status} ${JSON.stringify(answer.json)}`);
        await sleep(250);
      }
    })();
    const lists = (async () => {
      while (loading) {
        try {
          await client.listVideos({});
          rpcOutcomes.add('ok');
        } catch (error) {
          const code = error instanceof ConnectError ? Code[error.code] : String(error);
          rpcOutcomes.add(code);
          if (!(error instanceof ConnectError && error.code === Code.Unavailable))
            failures.push(`listVideos: ${String(error)}`);
        }
        await sleep(20);
      }
    })();

    await until('a first upload under load', () => (stored.length > 0 ? true : undefined));
    postgres.stop();
    await sleep(3000); // the API used to be gone within 2 s
    expect(api.child.exitCode, api.output()).toBeNull();
    const away = await fetch(`${api.baseUrl}/readyz`);
    expect(away.status).toBe(503);
    expect(((await away.json()) as { checks: Record<string, string> }).checks.database).not.toBe('ok');
    expect((await fetch(`${api.baseUrl}/healthz`)).status).toBe(200);
    const duringOutage = await uploadVideo(api.baseUrl, recording, { token: user.idToken });
    expect(duringOutage.status).toBe(503);
    expect(duringOutage.json.message).toMatch(/database/i);
    await expect(client.listVideos({})).rejects.toMatchObject({ code: Code.Unavailable });

    postgres.start();
    await until('/readyz to answer 200 again', async () =>
      (await fetch(`${api.baseUrl}/readyz`)).status === 200 ? true : undefined,
    );
    const storedBefore = stored.length;
    await until('an upload after the restart', () => (stored.length > storedBefore ? true : undefined), 30_000);
    loading = false;
    await Promise.all([uploads, lists]);

    expect(failures).toEqual([]);
    expect(uploadStatuses).toEqual(new Set([201, 503]));
    expect(rpcOutcomes).toEqual(new Set(['ok', 'Unavailable']));
    expect(api.child.exitCode, api.output()).toBeNull();
    // Every upload answered 201 is there and gets processed.
    const listed = (await client.listVideos({ pageSize: 100 })).videos.map((video) => video.id);
    expect([...listed].sort()).toEqual([...stored].sort());
    for (const id of stored) {
      expect((await untilProcessed(client, id, api.output)).status).toBe(Status.READY);
    }
    expect(api.output()).not.toMatch(/Unhandled 'error' event/);
  }, 180_000);
});
