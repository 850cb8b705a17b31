#!/usr/bin/env node
// `npm run bench:conversation` (issue 28, scale): 200 viewers hold WatchConversation open on one
// shared video while 20 comments a second are posted for 30 s (600 comments, by 30 people: each
// may post 20 a minute). Every viewer must receive every comment; the p95 of delivery (post sent →
// comment read by a viewer) should be under 1 s and the server's RSS bounded. Run on PGlite (one
// API) and on PostgreSQL (two APIs, viewers and posters split between them: comments cross over
// LISTEN/NOTIFY). The API runs as its own process (its RSS read from /proc), real tokens from the
// Auth emulator, gRPC-web as browsers speak it. Everything it starts it stops, and its scratch
// directory is deleted. Results: bench/results/conversation.md.
// BENCH_CONVERSATION_VIEWERS, _RATE, _SECONDS and _ENGINES (PGlite,PostgreSQL) change the load.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import { createClient, Code, ConnectError } from '@connectrpc/connect';
import { createGrpcWebTransport } from '@connectrpc/connect-node';
import { createTestUser, startAuthEmulator } from '@stream/auth/testing';
import { ConversationService, VideoService } from '@stream/proto';
import pg from 'pg';
import { startPostgres, stopPostgres } from '../src/postgres.mjs';
import { startApiServer } from './lib/processes.mjs';
import { loadNow, percentile, runCleanups, runMeta, writeResults } from './lib/report.mjs';
import { memoryOf } from './lib/rss.mjs';

const root = resolve(import.meta.dirname, '../..');
const VIEWERS = Number(process.env.BENCH_CONVERSATION_VIEWERS ?? 200);
const RATE = Number(process.env.BENCH_CONVERSATION_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_CONVERSATION_SECONDS ?? 30);
const ENGINES = (process.env.BENCH_CONVERSATION_ENGINES ?? 'PGlite,PostgreSQL').split(',');
const COMMENTS = RATE * SECONDS;
/** Each person may post 20 comments a minute (COMMENT_LIMIT): enough posters for the whole run. */
const POSTERS = Math.ceil(COMMENTS / 20);
const DRAIN_MS = 15_000;
const targets = { p95Ms: 1000 };
const MiB = 1024 * 1024;
const log = (line) => console.log(`[bench:conversation] ${line}`);

const client = (service, baseUrl, headers = {}) =>
  createClient(
    service,
    createGrpcWebTransport({
      baseUrl,
      httpVersion: '1.1',
      interceptors: [
        (next) => (request) => {
          for (const [name, value] of Object.entries(headers)) request.header.set(name, value);
          return next(request);
        },
      ],
    }),
  );

/** The API processes of one engine: one on PGlite, two sharing a PostgreSQL database. */
async function startApis(engine, { scratch, emulator, postgres }) {
  const env = {
    WEB_DIST: join(scratch, 'no-web-app'),
    WORKER: 'false',
    LOG_LEVEL: 'warn',
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    FIREBASE_PROJECT_ID: emulator.projectId,
  };
  if (engine === 'PGlite') {
    const dataDir = join(scratch, 'pglite');
    await mkdir(dataDir, { recursive: true });
    return [await startApiServer({ root, env: { ...env, DATA_DIR: dataDir }, startTimeoutMs: 300_000 })];
  }
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('create database conversation_bench');
  await admin.end();
  const url = new URL(postgres.url);
  url.pathname = '/conversation_bench';
  const apis = [];
  for (const index of [0, 1]) {
    const dataDir = join(scratch, `postgres-${index}`);
    await mkdir(dataDir, { recursive: true });
    apis.push(
      await startApiServer({
        root,
        env: { ...env, DATA_DIR: dataDir, DATABASE_URL: url.href },
        startTimeoutMs: 300_000,
      }),
    );
  }
  return apis;
}

/** One run: viewers open, comments posted at RATE for SECONDS, every delivery timed. */
async function run(engine, { owner, posters, apis }) {
  const videos = client(VideoService, apis[0].baseUrl, { authorization: `Bearer ${owner.idToken}` });
  const video = await videos.createVideo({ title: 'Busy conversation', url: 'https://example.com/bench.mp4' });
  const link = await videos.shareVideo({ videoId: video.id });
  const shareToken = new URL(link.url).pathname.split('/').pop();
  const idle = await Promise.all(apis.map((api) => memoryOf(api.pid)));

  // The viewers, signed out with the share link as the watch page holds them, split over the APIs.
  const sentAt = new Map();
  const received = Array.from({ length: VIEWERS }, () => new Map());
  const abort = new globalThis.AbortController();
  let open = 0;
  const streams = received.map(async (seen, index) => {
    const api = apis[index % apis.length];
    const talk = client(ConversationService, api.baseUrl, { 'x-share-token': shareToken });
    try {
      for await (const event of talk.watchConversation({ videoId: video.id }, { signal: abort.signal })) {
        if (event.event.case === 'heartbeat' && !seen.opened) {
          seen.opened = true;
          open += 1;
        }
        if (event.event.case === 'commentAdded' && !seen.has(event.event.value.text))
          seen.set(event.event.value.text, performance.now());
      }
    } catch (error) {
      if (!(error instanceof ConnectError && error.code === Code.Canceled)) seen.error = String(error);
    }
  });
  const openDeadline = Date.now() + 60_000;
  while (open < VIEWERS && Date.now() < openDeadline) await new Promise((r) => setTimeout(r, 50));
  log(`${engine}: ${open} of ${VIEWERS} streams open`);
  const withStreams = await Promise.all(apis.map((api) => memoryOf(api.pid)));

  // The comments: one every 1/RATE s, round-robin over the posters and the APIs.
  const talkers = posters.map((person, index) =>
    client(ConversationService, apis[index % apis.length].baseUrl, {
      authorization: `Bearer ${person.idToken}`,
      'x-share-token': shareToken,
    }),
  );
  const peaks = apis.map(() => 0);
  const sampler = setInterval(() => {
    apis.forEach((api, index) =>
      memoryOf(api.pid)
        .then(({ rss }) => (peaks[index] = Math.max(peaks[index], rss)))
        .catch(() => undefined),
    );
  }, 250);
  const failures = [];
  const posts = [];
  const start = performance.now();
  for (let i = 0; i < COMMENTS; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const text = `bench comment ${i}`;
    sentAt.set(text, performance.now());
    posts.push(
      talkers[i % talkers.length]
        .addComment({ videoId: video.id, text, momentSeconds: 0 })
        .catch((error) => failures.push(String(error))),
    );
  }
  await Promise.all(posts);
  const postSeconds = (performance.now() - start) / 1000;
  const drainDeadline = Date.now() + DRAIN_MS;
  const complete = () => received.every((seen) => seen.size >= COMMENTS - failures.length);
  while (!complete() && Date.now() < drainDeadline) await new Promise((r) => setTimeout(r, 100));
  clearInterval(sampler);
  const after = await Promise.all(apis.map((api) => memoryOf(api.pid)));
  abort.abort();
  await Promise.all(streams);

  const delays = [];
  let missing = 0;
  for (const seen of received) {
    for (const [text, sent] of sentAt) {
      const at = seen.get(text);
      if (at === undefined) missing += 1;
      else delays.push(at - sent);
    }
  }
  delays.sort((a, b) => a - b);
  const streamErrors = received.filter((seen) => seen.error).length;
  return {
    engine,
    apis: apis.length,
    open,
    posted: COMMENTS - failures.length,
    postFailures: failures.length,
    firstFailure: failures[0],
    postSeconds,
    missing,
    streamErrors,
    p50: percentile(delays, 50),
    p95: percentile(delays, 95),
    max: delays.at(-1),
    rss: {
      idle: idle.map((m) => m.rss),
      withStreams: withStreams.map((m) => m.rss),
      peak: peaks,
      after: after.map((m) => m.rss),
    },
  };
}

const mib = (bytes) => (bytes / MiB).toFixed(0);

function report(results, meta) {
  const lines = [
    '# Live conversation: 200 viewers, 20 comments a second',
    '',
    `Measured ${meta.date} by \`npm run bench:conversation\` (tools/bench/conversation.mjs) on ${meta.cpus} × ${meta.cpuModel};`,
    `load average ${meta.load} at the start and ${meta.endLoad} at the end (the machine is shared: other engineers' tests ran meanwhile).`,
    '',
    `${VIEWERS} viewers (signed out, through the share link) hold WatchConversation open on one video; ${POSTERS} people post`,
    `${RATE} comments a second for ${SECONDS} s (${COMMENTS} comments). Delivery: from the moment a post is sent to the moment a`,
    'viewer reads the comment from its stream. Target: every viewer receives every comment, p95 under 1 s.',
    '',
    '| Engine | APIs | Streams open | Comments posted | Post failures | Deliveries missing | p50 | p95 | max | p95 target |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.engine} | ${r.apis} | ${r.open} / ${VIEWERS} | ${r.posted} in ${r.postSeconds.toFixed(1)} s | ${r.postFailures} | ${r.missing} of ${VIEWERS * COMMENTS} | ${r.p50?.toFixed(0)} ms | ${r.p95?.toFixed(0)} ms | ${r.max?.toFixed(0)} ms | ${r.missing === 0 && r.p95 < targets.p95Ms ? 'pass' : 'FAIL'} |`,
    ),
    '',
    'RSS of each API process (MiB): idle, with the streams open, peak while posting, after.',
    '',
    '| Engine | API | idle | streams open | peak | after |',
    '|---|---|---|---|---|---|',
    ...results.flatMap((r) =>
      r.rss.idle.map(
        (_, i) =>
          `| ${r.engine} | ${i + 1} | ${mib(r.rss.idle[i])} | ${mib(r.rss.withStreams[i])} | ${mib(r.rss.peak[i])} | ${mib(r.rss.after[i])} |`,
      ),
    ),
    '',
    ...results.filter((r) => r.firstFailure).map((r) => `${r.engine}: first post failure: ${r.firstFailure}`),
  ];
  return lines.join('\n') + '\n';
}

async function main() {
  const scratch = await mkdtemp(join(tmpdir(), 'stream-bench-conversation-'));
  const cleanups = [() => rm(scratch, { recursive: true, force: true })];
  const meta = runMeta();
  try {
    log('starting the Firebase Auth emulator');
    const emulator = await startAuthEmulator();
    cleanups.unshift(() => emulator.stop());
    let postgres;
    if (ENGINES.includes('PostgreSQL')) {
      postgres = await startPostgres();
      cleanups.unshift(() => stopPostgres(postgres.dir));
    }
    const owner = await createTestUser(emulator.host, { displayName: 'Owner' });
    const posters = [];
    for (let i = 0; i < POSTERS; i++) posters.push(await createTestUser(emulator.host, { displayName: `Poster ${i}` }));
    const results = [];
    for (const engine of ENGINES) {
      log(`${engine}: starting the API`);
      const apis = await startApis(engine, { scratch, emulator, postgres });
      try {
        const result = await run(engine, { owner, posters, apis });
        log(
          `${engine}: missing ${result.missing}, p50 ${result.p50?.toFixed(0)} ms, p95 ${result.p95?.toFixed(0)} ms, post failures ${result.postFailures}`,
        );
        results.push(result);
      } finally {
        for (const api of apis) await api.stop();
      }
    }
    meta.endLoad = loadNow();
    const markdown = report(results, meta);
    await writeResults(root, 'conversation', markdown);
  } finally {
    await runCleanups(cleanups);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
