#!/usr/bin/env node
// `npm run bench:library`: how ListVideos and search hold up as a library grows. One user
// with 1,000 and with 100,000 videos (titles and descriptions from a small vocabulary, 50 tags, 20
// folders), seeded by bulk SQL, on PGlite and on PostgreSQL; p50/p95 of ListVideos (first page,
// page 50, a folder, a tag) and of search (a common word, a rare word, a prefix) over the real RPC
// (gRPC-web to the API as its own process, a real token from the Auth emulator). Targets: every
// figure at 100k within 1.5x of the same at 1k; search p95 under 50 ms on PostgreSQL.
// The team rows: a team of 1,000 members whose library holds as many videos (spread over
// its members, each member tagging with their own tags, 20 team folders), listed and searched with
// ListVideos' team_id; the same target (100k within 1.5x of 1k).
// Results: bench/results/library.md. BENCH_LIBRARY_SIZES=1000,20000 changes the sizes for a quick try;
// BENCH_LIBRARY_FIGURES=team:,search measures only the figures whose names hold one of those words.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createClient } from '@connectrpc/connect';
import { createGrpcWebTransport } from '@connectrpc/connect-node';
import { createTestUser, startAuthEmulator } from '@stream/auth/testing';
import { VideoService } from '@stream/proto';
import pg from 'pg';
import { startPostgres, stopPostgres } from '../src/postgres.mjs';
import { startApiServer } from './lib/processes.mjs';
import { loadNow, percentile, runCleanups, runMeta, writeResults } from './lib/report.mjs';

const root = resolve(import.meta.dirname, '../..');
const sizes = (process.env.BENCH_LIBRARY_SIZES ?? '1000,100000').split(',').map(Number);
const WARMUP = 10;
const SAMPLES = 100;
const targets = { growth: 1.5, searchP95Ms: 50 };
const log = (line) => console.log(`[bench:library] ${line}`);

/** What is measured: each a ListVideos request. */
const figures = [
  ['first page', { pageSize: 10, pageNumber: 0 }],
  ['page 50', { pageSize: 10, pageNumber: 50 }],
  ['a folder', { pageSize: 10, pageNumber: 0, folderId: 'folder-1' }],
  ['a tag', { pageSize: 10, pageNumber: 0, tags: ['tag-1'] }],
  ['search: common word', { pageSize: 10, pageNumber: 0, query: 'meeting' }],
  ['search: rare word', { pageSize: 10, pageNumber: 0, query: 'zephyr' }],
  ['search: prefix', { pageSize: 10, pageNumber: 0, query: 'recor' }],
  ['team: first page', { pageSize: 10, pageNumber: 0, teamId: 'team-bench' }],
  ['team: page 50', { pageSize: 10, pageNumber: 50, teamId: 'team-bench' }],
  ['team: a folder', { pageSize: 10, pageNumber: 0, teamId: 'team-bench', folderId: 'team-folder-1' }],
  ['team: a tag', { pageSize: 10, pageNumber: 0, teamId: 'team-bench', tags: ['tag-1'] }],
  ['team: search common word', { pageSize: 10, pageNumber: 0, teamId: 'team-bench', query: 'meeting' }],
  ['team: search rare word', { pageSize: 10, pageNumber: 0, teamId: 'team-bench', query: 'zephyr' }],
  ['team: search prefix', { pageSize: 10, pageNumber: 0, teamId: 'team-bench', query: 'recor' }],
];

const only = process.env.BENCH_LIBRARY_FIGURES?.split(',').filter(Boolean);
const chosenFigures = only ? figures.filter(([name]) => only.some((word) => name.includes(word))) : figures;

/** Members of the benchmark's team (the measuring user its owner among them). */
const TEAM_MEMBERS = 1000;

/**
 * One user's library in one statement per table. Half the titles say "meeting", a third
 * "recording", ten videos "zephyr" whatever the size; every video has one of 50 tags, every tenth
 * is in one of 20 folders. Another user has a tenth as many, so ownership filters work.
 */
function seedSql(uid, count) {
  const rare = Math.max(1, Math.floor(count / 10));
  return `
    insert into folders (id, user_id, name) select 'folder-' || g, '${uid}', 'Folder ' || g from generate_series(1, 20) g;
    insert into tags (id, user_id, name) select 'tag-id-' || g, '${uid}', 'tag-' || g from generate_series(1, 50) g;
    insert into videos (id, user_id, title, description, status, visibility, duration_seconds, created_at, folder_id)
    select 'video-' || g, '${uid}',
      (array['Weekly', 'Quarterly', 'Team', 'Design', 'Customer', 'Product', 'Sales'])[g % 7 + 1]
        || case when g % 2 = 0 then ' meeting' else ' review' end
        || case when g % 3 = 0 then ' recording' else '' end
        || case when g % ${rare} = 0 then ' zephyr' else '' end || ' ' || g,
      (array['Notes on the roadmap', 'Walkthrough of the new dashboard', 'Questions from the call', 'Plans for next week'])[g % 4 + 1]
        || ' and ' || (array['pricing', 'onboarding', 'hiring', 'support', 'launch'])[g % 5 + 1],
      'READY', 'PRIVATE', g % 900, now() - g * interval '1 minute',
      case when g % 10 = 0 then 'folder-' || (g / 10 % 20 + 1) else null end
    from generate_series(1, ${count}) g;
    insert into video_tags (video_id, tag_id) select 'video-' || g, 'tag-id-' || (g % 50 + 1) from generate_series(1, ${count}) g;
    insert into videos (id, user_id, title, description, status, visibility)
    select 'other-' || g, 'someone-else', 'Other meeting recording ' || g, '', 'READY', 'PRIVATE'
    from generate_series(1, ${Math.ceil(count / 10)}) g;
    ${teamSeedSql(uid, count)}
    analyze;`;
}

/**
 * A team of TEAM_MEMBERS (\`uid\` its owner) whose library holds \`count\` videos with the same titles,
 * spread over the members; each member tags their videos with their own tag-1 … tag-50, every tenth
 * video is in one of 20 team folders.
 */
function teamSeedSql(uid, count) {
  const rare = Math.max(1, Math.floor(count / 10));
  const member = (g) =>
    `case when ${g} % ${TEAM_MEMBERS} = 0 then '${uid}' else 'member-' || (${g} % ${TEAM_MEMBERS}) end`;
  return `
    insert into users (uid, email, display_name) values ('${uid}', 'bench@example.com', 'Bench') on conflict do nothing;
    insert into users (uid, email, display_name)
    select 'member-' || g, 'member-' || g || '@example.com', 'Member ' || g from generate_series(1, ${TEAM_MEMBERS - 1}) g;
    insert into teams (id, name, created_by) values ('team-bench', 'Bench team', '${uid}');
    insert into team_members (team_id, uid, role) values ('team-bench', '${uid}', 'owner');
    insert into team_members (team_id, uid, role)
    select 'team-bench', 'member-' || g, 'member' from generate_series(1, ${TEAM_MEMBERS - 1}) g;
    insert into folders (id, user_id, team_id, name)
    select 'team-folder-' || g, '${uid}', 'team-bench', 'Team folder ' || g from generate_series(1, 20) g;
    insert into tags (id, user_id, name)
    select 'team-tag-' || m || '-' || t, ${member('m')}, 'tag-' || t
    from generate_series(0, ${TEAM_MEMBERS - 1}) m, generate_series(1, 50) t
    where not (m = 0);
    insert into videos (id, user_id, team_id, title, description, status, visibility, duration_seconds, created_at, folder_id)
    select 'team-video-' || g, ${member('g')}, 'team-bench',
      (array['Weekly', 'Quarterly', 'Team', 'Design', 'Customer', 'Product', 'Sales'])[g % 7 + 1]
        || case when g % 2 = 0 then ' meeting' else ' review' end
        || case when g % 3 = 0 then ' recording' else '' end
        || case when g % ${rare} = 0 then ' zephyr' else '' end || ' ' || g,
      (array['Notes on the roadmap', 'Walkthrough of the new dashboard', 'Questions from the call', 'Plans for next week'])[g % 4 + 1]
        || ' and ' || (array['pricing', 'onboarding', 'hiring', 'support', 'launch'])[g % 5 + 1],
      'READY', 'TEAM', g % 900, now() - g * interval '1 minute' - interval '30 seconds',
      case when g % 10 = 0 then 'team-folder-' || (g / 10 % 20 + 1) else null end
    from generate_series(1, ${count}) g;
    insert into video_tags (video_id, tag_id)
    select 'team-video-' || g,
      case when g % ${TEAM_MEMBERS} = 0 then 'tag-id-' || (g % 50 + 1) else 'team-tag-' || (g % ${TEAM_MEMBERS}) || '-' || (g % 50 + 1) end
    from generate_series(1, ${count}) g;`;
}

/**
 * The same request to every server, taking turns call by call, so the load of this shared machine
 * drifts alike over all sizes (measured one after the other, the first size's p50 once came out
 * above the largest's). Per server: p50, p95 and the last answer's count.
 */
async function measure(clients, request) {
  for (let i = 0; i < WARMUP; i++) for (const client of clients) await client.listVideos(request);
  const ms = clients.map(() => []);
  const answers = [];
  for (let i = 0; i < SAMPLES; i++) {
    for (const [index, client] of clients.entries()) {
      const started = process.hrtime.bigint();
      answers[index] = await client.listVideos(request);
      ms[index].push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  }
  return ms.map((samples, index) => {
    samples.sort((a, b) => a - b);
    return { p50: percentile(samples, 50), p95: percentile(samples, 95), total: answers[index].totalCount };
  });
}

/** A VideoService client over gRPC-web (as the browser speaks it) with the user's token. */
const clientOf = (baseUrl, idToken) =>
  createClient(
    VideoService,
    createGrpcWebTransport({
      baseUrl,
      httpVersion: '1.1',
      interceptors: [
        (next) => (request) => {
          request.header.set('authorization', `Bearer ${idToken}`);
          return next(request);
        },
      ],
    }),
  );

/** The API on `env`'s database, seeded for `uid` with `count` videos; the server process handle. */
async function seededServer({ engine, count, uid, scratch, emulator, postgres }) {
  const dataDir = join(scratch, `${engine}-${count}`);
  await mkdir(dataDir, { recursive: true });
  const env = {
    DATA_DIR: dataDir,
    WEB_DIST: join(scratch, 'no-web-app'),
    WORKER: 'false',
    LOG_LEVEL: 'warn',
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    FIREBASE_PROJECT_ID: emulator.projectId,
  };
  if (engine === 'PostgreSQL') {
    const name = `library_${count}`;
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(postgres.url);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.href;
  }
  // The first start creates and migrates the database; PGlite's is then seeded with the server
  // stopped (one process owns its files), PostgreSQL's beside it.
  let server = await startApiServer({ root, env, startTimeoutMs: 300_000 });
  const sql = seedSql(uid, count);
  const started = Date.now();
  if (engine === 'PostgreSQL') {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    await client.query(sql);
    await client.end();
  } else {
    await server.stop();
    const db = await PGlite.create(join(dataDir, 'db'));
    await db.exec(sql);
    await db.close();
    server = await startApiServer({ root, env, startTimeoutMs: 300_000 });
  }
  log(`${engine}: ${count} videos seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return server;
}

function report(results, meta) {
  const [small, large] = [Math.min(...sizes), Math.max(...sizes)];
  const fmt = (value) => value.toFixed(1);
  const lines = [
    '# Library benchmark (issues 14 and 27)',
    '',
    `\`npm run bench:library\`, ${meta.date}. ${meta.cpus} CPUs (${meta.cpuModel}), load ${meta.load} at the start and ${meta.endLoad} at the end;`,
    `Node ${process.version}. One user's library seeded by bulk SQL (titles from a small vocabulary: half`,
    'say "meeting", a third "recording", ten "zephyr"; 50 tags, every tenth video in one of 20 folders; another',
    'user with a tenth as many). "team:" rows list a team of 1,000 members (ListVideos team_id) whose library',
    'holds as many videos, spread over its members (each tagging with their own tags; 20 team folders).',
    'ListVideos over gRPC-web from another process on 127.0.0.1, sequential,',
    `the sizes' servers taking turns call by call; ${WARMUP} warm-up calls then ${SAMPLES} measured per figure`,
    'and size. Times in ms. "matches" is the answer\'s total_count (counted up to 1,000; 1,001 means more).',
    ...(only
      ? ['', `Only the figures named with ${only.map((word) => `"${word}"`).join(' or ')} (BENCH_LIBRARY_FIGURES).`]
      : []),
    '',
    `Targets: every figure at ${large.toLocaleString('en-US')} within ${targets.growth}x of the same at ${small.toLocaleString('en-US')}; search p95 under ${targets.searchP95Ms} ms on PostgreSQL.`,
    '',
    `| engine | figure | p50 ${small} | p95 ${small} | p50 ${large} | p95 ${large} | p50 ratio | p95 ratio | matches at ${large} | verdict |`,
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  let failures = 0;
  for (const engine of ['PGlite', 'PostgreSQL']) {
    for (const [name] of chosenFigures) {
      const a = results[engine]?.[small]?.[name];
      const b = results[engine]?.[large]?.[name];
      if (!a || !b) continue;
      const ratios = [b.p50 / a.p50, b.p95 / a.p95];
      const searchTarget = engine === 'PostgreSQL' && name.startsWith('search');
      const ok = ratios.every((ratio) => ratio <= targets.growth) && (!searchTarget || b.p95 < targets.searchP95Ms);
      if (!ok) failures++;
      lines.push(
        `| ${engine} | ${name} | ${fmt(a.p50)} | ${fmt(a.p95)} | ${fmt(b.p50)} | ${fmt(b.p95)} | ${ratios[0].toFixed(2)}x | ${ratios[1].toFixed(2)}x | ${b.total ?? '-'} | ${ok ? 'met' : 'missed'} |`,
      );
    }
  }
  lines.push('', `${failures === 0 ? 'Every target met.' : `${failures} figure(s) missed a target.`}`, '');
  return lines.join('\n');
}

async function main() {
  const scratch = await mkdtemp(join(tmpdir(), 'stream-bench-library-'));
  const cleanups = [() => rm(scratch, { recursive: true, force: true })];
  const meta = runMeta();
  try {
    log('starting the Firebase Auth emulator and PostgreSQL');
    const emulator = await startAuthEmulator();
    cleanups.unshift(() => emulator.stop());
    const postgres = await startPostgres();
    cleanups.unshift(() => stopPostgres(postgres.dir));
    const user = await createTestUser(emulator.host);
    const results = {};
    for (const engine of ['PGlite', 'PostgreSQL']) {
      const servers = [];
      try {
        for (const count of sizes) {
          servers.push(await seededServer({ engine, count, uid: user.uid, scratch, emulator, postgres }));
        }
        const clients = servers.map((server) => clientOf(server.baseUrl, user.idToken));
        for (const [name, request] of chosenFigures) {
          const measured = await measure(clients, request);
          for (const [index, count] of sizes.entries()) {
            ((results[engine] ??= {})[count] ??= {})[name] = measured[index];
            log(
              `${engine} ${count} ${name}: p50 ${measured[index].p50.toFixed(1)} ms, p95 ${measured[index].p95.toFixed(1)} ms`,
            );
          }
        }
      } finally {
        for (const server of servers) await server.stop();
      }
    }
    meta.endLoad = loadNow();
    const markdown = report(results, meta);
    await writeResults(root, 'library', markdown);
  } finally {
    await runCleanups(cleanups);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
