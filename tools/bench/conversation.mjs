#!/usr/bin/env node
// `npm run bench:conversation`, the conversation at scale: 200 viewers hold WatchConversation open on one
// shared video while 20 comments a second are posted for 30 s (600 comments, by 30 people: each
// may post 20 a minute). Every viewer must receive every comment; the p95 of delivery (post sent →
// comment read by a viewer) should be under 1 s and the server's RSS bounded. Run on PGlite (one
// API) and on PostgreSQL (two APIs, viewers and posters split between them: comments cross over
// LISTEN/NOTIFY). The API runs as its own process (its RSS read from /proc), real tokens from the
// Auth emulator, gRPC-web as browsers speak it. Everything it starts it stops, and its scratch
// directory is deleted. Before the live run, on each engine: a video with 10,000 comments (written
// through the repository) must open its watch page in under 300 ms of server time, and every
// comment must be reachable page by page. Results: bench/results/conversation.md.
// BENCH_CONVERSATION_VIEWERS, _RATE, _SECONDS, _PAGE_COMMENTS and _ENGINES (PGlite,PostgreSQL)
// change the load.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import { createClient, Code, ConnectError } from '@connectrpc/connect';
import { createGrpcWebTransport } from '@connectrpc/connect-node';
import { createTestUser, startAuthEmulator } from '@stream/auth/testing';
import { ConversationService, VideoService } from '@stream/proto';
import { sql } from 'kysely';
import pg from 'pg';
import { startPostgres, stopPostgres } from '../src/postgres.mjs';
import { startApiServer } from './lib/processes.mjs';
import { loadNow, percentile, runCleanups, runMeta, writeResults } from './lib/report.mjs';
import { memoryOf } from './lib/rss.mjs';

const root = resolve(import.meta.dirname, '../..');
const load = (path) => import(pathToFileURL(join(root, path)).href);
const { openDatabase } = await load('apps/api/src/platform/db/database.ts');
const { insertComment } = await load('apps/api/src/conversation/comment.repository.ts');
const VIEWERS = Number(process.env.BENCH_CONVERSATION_VIEWERS ?? 200);
const RATE = Number(process.env.BENCH_CONVERSATION_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_CONVERSATION_SECONDS ?? 30);
const ENGINES = (process.env.BENCH_CONVERSATION_ENGINES ?? 'PGlite,PostgreSQL').split(',');
/** The busy page: a video with this many comments, every 50th with two replies. */
const PAGE_COMMENTS = Number(process.env.BENCH_CONVERSATION_PAGE_COMMENTS ?? 10_000);
/** What the watch page asks ListComments for at a time (libs/video-api's COMMENT_PAGE_SIZE). */
const COMMENT_PAGE_SIZE = 50;
const PAGE_REPEATS = 7;
const COMMENTS = RATE * SECONDS;
/** Each person may post 20 comments a minute (COMMENT_LIMIT): enough posters for the whole run. */
const POSTERS = Math.ceil(COMMENTS / 20);
const DRAIN_MS = 15_000;
const targets = { p95Ms: 1000, pageMs: 300 };
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
    const start = () => startApiServer({ root, env: { ...env, DATA_DIR: dataDir }, startTimeoutMs: 300_000 });
    return { apis: [await start()], restart: start, dataDir };
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
  return { apis, databaseUrl: url.href, dataDir: join(scratch, 'postgres-0') };
}

/**
 * A video with PAGE_COMMENTS comments, written through the conversation repository (not one RPC
 * each); on PGlite the database belongs to the one API process, so it is stopped meanwhile.
 */
async function seedBusyVideo(engine, { owner, apis, restart, databaseUrl, dataDir }) {
  const videos = client(VideoService, apis[0].baseUrl, { authorization: `Bearer ${owner.idToken}` });
  const video = await videos.createVideo({ title: 'Ten thousand comments', url: 'https://example.com/busy.mp4' });
  const link = await videos.shareVideo({ videoId: video.id });
  if (engine === 'PGlite') await apis[0].stop();
  const database = await openDatabase(databaseUrl ? { databaseUrl, dataDir } : { dataDir });
  const started = performance.now();
  let rows = 0;
  try {
    await database.db.transaction().execute(async (trx) => {
      for (let n = 1; n <= PAGE_COMMENTS; n++) {
        const author = { author_uid: `bench-${n % 40}`, author_name: `Viewer ${n % 40}`, author_photo: '' };
        const id = `busy-${String(n).padStart(6, '0')}`;
        const moment = (n * 7) % 600;
        await insertComment(trx, {
          id,
          video_id: video.id,
          parent_id: null,
          ...author,
          text: `Comment ${n}`,
          moment_seconds: moment,
        });
        rows += 1;
        if (n % 50 === 0)
          for (const k of [1, 2]) {
            await insertComment(trx, {
              id: `${id}-${k}`,
              video_id: video.id,
              parent_id: id,
              ...author,
              text: `Reply ${k} to ${n}`,
              moment_seconds: moment,
            });
            rows += 1;
          }
      }
    });
    await sql`analyze comments`.execute(database.db);
  } finally {
    await database.close();
  }
  log(`${engine}: ${rows} comment rows written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (engine === 'PGlite') apis[0] = await restart();
  return { videoId: video.id, shareToken: new URL(link.url).pathname.split('/').pop(), pageUrl: link.url, rows };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Milliseconds `call` takes, its median over PAGE_REPEATS after one call to warm up. */
async function timed(call) {
  await call();
  const times = [];
  for (let i = 0; i < PAGE_REPEATS; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return median(times);
}

/**
 * What a signed-out viewer's watch page asks the server for, in the page's order, each timed
 * (round trips on 127.0.0.1: the server's time and the loopback): the page's HTML, the video
 * (GetSharedVideo), the first page of comments, the live stream to its first event; then "Show
 * more comments" (the next page), and every page walked to the end (each comment once).
 */
async function openBusyPage(engine, { api, busy }) {
  const headers = { 'x-share-token': busy.shareToken };
  const talk = client(ConversationService, api.baseUrl, headers);
  const videos = client(VideoService, api.baseUrl);
  const pageUrl = new URL(new URL(busy.pageUrl).pathname, api.baseUrl).href;
  const html = await timed(async () => {
    const response = await fetch(pageUrl);
    if (!response.ok) throw new Error(`${pageUrl}: ${response.status}`);
    await response.text();
  });
  const video = await timed(() => videos.getSharedVideo({ shareToken: busy.shareToken }));
  const first = await talk.listComments({ videoId: busy.videoId, pageSize: COMMENT_PAGE_SIZE });
  const firstPage = await timed(() => talk.listComments({ videoId: busy.videoId, pageSize: COMMENT_PAGE_SIZE }));
  const live = await timed(async () => {
    const abort = new globalThis.AbortController();
    try {
      for await (const _event of talk.watchConversation(
        { videoId: busy.videoId, sinceCursor: first.cursor },
        { signal: abort.signal },
      ))
        break;
    } finally {
      abort.abort();
    }
  });
  const nextPage = await timed(() =>
    talk.listComments({ videoId: busy.videoId, pageSize: COMMENT_PAGE_SIZE, pageToken: first.nextPageToken }),
  );
  const seen = new Set();
  let token = '';
  let pages = 0;
  do {
    const page = await talk.listComments({ videoId: busy.videoId, pageSize: 200, pageToken: token });
    for (const comment of page.comments) seen.add(comment.id);
    token = page.nextPageToken;
    pages += 1;
  } while (token && pages < 1000);
  const total = html + video + firstPage + live;
  log(
    `${engine}: the busy page asks ${total.toFixed(0)} ms of the server (html ${html.toFixed(0)}, video ${video.toFixed(0)}, comments ${firstPage.toFixed(0)}, live ${live.toFixed(0)})`,
  );
  return { html, video, firstPage, live, nextPage, total, shown: first.comments.length, reachable: seen.size, pages };
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

function report(results, pages, meta) {
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
    '## A video with 10,000 comments opens its page',
    '',
    `${PAGE_COMMENTS} comments (every 50th with two replies: ${pages[0]?.rows ?? '?'} rows) written through the conversation`,
    "repository; a signed-out viewer's watch page (/s/{token}) asks, in order: the page's HTML, the video",
    `(GetSharedVideo), the first ${COMMENT_PAGE_SIZE} comments (ListComments), the live stream to its first event`,
    `(WatchConversation). Each is the median of ${PAGE_REPEATS} round trips on 127.0.0.1 after one to warm up (the`,
    `server's time and the loopback's); the page's server time is their sum. Target: under ${targets.pageMs} ms.`,
    '"Show more comments" is the next page; "reachable" walks every page to the end.',
    '',
    '| Engine | HTML | video | first comments | live stream | page total | target | Show more | comments shown first | reachable |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...pages.map(
      (p) =>
        `| ${p.engine} | ${p.html.toFixed(0)} ms | ${p.video.toFixed(0)} ms | ${p.firstPage.toFixed(0)} ms | ${p.live.toFixed(0)} ms | ${p.total.toFixed(0)} ms | ${p.total < targets.pageMs ? 'pass' : 'FAIL'} | ${p.nextPage.toFixed(0)} ms | ${p.shown} | ${p.reachable} of ${PAGE_COMMENTS} in ${p.pages} pages |`,
    ),
    '',
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
    const pages = [];
    for (const engine of ENGINES) {
      log(`${engine}: starting the API`);
      const started = await startApis(engine, { scratch, emulator, postgres });
      const apis = started.apis;
      try {
        const busy = await seedBusyVideo(engine, { owner, ...started });
        const page = await openBusyPage(engine, { api: apis[0], busy });
        pages.push({ engine, rows: busy.rows, ...page });
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
    const markdown = report(results, pages, meta);
    await writeResults(root, 'conversation', markdown);
  } finally {
    await runCleanups(cleanups);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
