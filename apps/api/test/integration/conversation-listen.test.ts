// Live comments across API processes on one PostgreSQL: each API LISTENs for
// the NOTIFY a change sends on commit, so a comment posted through one API reaches a stream held
// open on another at once, though a listening API polls only every 15 s as a safety net.
import { Code, ConnectError } from '@connectrpc/connect';
import type { ConversationEvent } from '@stream/proto';
import type { AuthEmulator } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { LISTENING_POLL_MS } from '../../src/conversation/conversation-stream';
import { startAuthEmulator } from '../support/auth-emulator';
import { conversationClient } from '../support/conversation-client';
import { signedInPerson } from '../support/people';
import { startTestServer, type TestServer } from '../support/test-server';

let emulator: AuthEmulator;
let first: TestServer;
let second: TestServer;
beforeAll(async () => {
  emulator = await startAuthEmulator();
  first = await startTestServer({ database: 'postgres', emulatorHost: emulator.host });
  const url = (first.database as { url?: string }).url!;
  second = await startTestServer({ database: 'postgres', emulatorHost: emulator.host, sharedPostgresUrl: url });
}, 120_000);
afterAll(async () => {
  await second?.close();
  await first?.close();
  await emulator?.stop();
});

describe('live comments across API processes', () => {
  it('a comment posted on one API reaches a stream on the other within a fraction of the poll', async () => {
    const owner = await signedInPerson(first.baseUrl, emulator.host, 'Owen');
    const video = await owner.videos.createVideo({ title: 'Two APIs', url: 'https://example.com/v.mp4' });
    await first.database.db.updateTable('videos').set({ duration_seconds: 10 }).where('id', '=', video.id).execute();
    const link = await owner.videos.shareVideo({ videoId: video.id });
    const shareToken = new URL(link.url).pathname.split('/').pop()!;

    const watcher = conversationClient(first.baseUrl, { shareToken });
    const abort = new AbortController();
    onTestFinished(() => abort.abort()); // a failing test must not leave the stream holding the servers' close
    const events: { event: ConversationEvent; at: number }[] = [];
    const reading = (async () => {
      try {
        for await (const event of watcher.watchConversation({ videoId: video.id }, { signal: abort.signal }))
          events.push({ event, at: Date.now() });
      } catch (error) {
        if (!(error instanceof ConnectError && error.code === Code.Canceled)) throw error;
      }
    })();
    const added = () => events.filter((entry) => entry.event.event.case === 'commentAdded');
    const wait = async (test: () => boolean, ms: number) => {
      const deadline = Date.now() + ms;
      while (!test()) {
        if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    await wait(() => events.length > 0, 10_000); // the first heartbeat: the stream is open on the first API

    const poster = await signedInPerson(second.baseUrl, emulator.host, 'Pia');
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      const sent = Date.now();
      await poster
        .talk(shareToken)
        .addComment({ videoId: video.id, text: `from the other API ${i}`, momentSeconds: i });
      await wait(() => added().length > i, LISTENING_POLL_MS - 5_000);
      delays.push(added()[i]!.at - sent);
    }
    abort.abort();
    await reading;
    expect(Math.max(...delays)).toBeLessThan(1_000);
    // Both APIs hold a LISTEN of their own.
    const listeners = await first.database.executor.executeSql(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'LISTEN %'`,
      [],
    );
    expect((listeners.rows[0] as { n: number }).n).toBe(2);
  });
});
