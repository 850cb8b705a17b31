import { describe, expect, it } from 'vitest';
import { isProductFile, pairKinds } from './product-files.mjs';

describe('isProductFile (the files npm run duplicates:product counts)', () => {
  it('keeps the code that ships', () => {
    for (const path of [
      'apps/api/src/videos/video.routes.ts',
      'apps/web/src/routes/login.tsx',
      'libs/proto/proto/videoservice/video_service.proto',
      'libs/recording-uploads/src/spool/spool-parts.ts',
      'tools/start.mjs',
    ])
      expect(isProductFile(path), path).toBe(true);
  });

  it('leaves out tests, test support, fixtures, generated code, benchmarks, examples and prose', () => {
    for (const path of [
      'apps/api/src/rpc/video.routes.test.ts',
      'apps/web/src/app.test.tsx',
      'libs/video-api/src/testing/fake-validation.ts',
      'apps/api/test/support/test-server.ts',
      'apps/api/test/support/edit-fixtures.ts',
      'apps/web-e2e/src/record/fixtures/recorder-entry.ts',
      'libs/proto/src/gen/videoservice/video_service_pb.ts',
      'apps/web/src/routeTree.gen.ts',
      'tools/bench/record.mjs',
      'tools/soak.mjs',
      'tools/soak/run.mjs',
      'examples/instant-share/src/main.tsx',
      'docs/architecture.md',
      'apps/web/dist/assets/index.js',
    ])
      expect(isProductFile(path), path).toBe(false);
  });
});

describe('pairKinds (the last line of npm run duplicates:product)', () => {
  it('splits the rows into pairs of .proto files, pairs of migrations and the rest', () => {
    const report = [
      '5 pairs of places (9 files read), each sharing runs of 6 or more identical or same-shape lines',
      'D1 libs/ui/src/a.tsx:10-21 ~ libs/ui/src/b.tsx:11-22 (+2 more runs)',
      'D2 libs/proto/proto/videoservice/a.proto:1-21 ~ libs/proto/proto/videoservice/b.proto:1-16 shape boilerplate',
      'D3 apps/api/src/db/migrations/1-a.ts:3-8 ~ apps/api/src/db/migrations/2-b.ts:9-14 shape boilerplate',
      'D4 apps/api/src/db/migrations/1-a.ts:3-8 ~ apps/api/src/videos/video.table.ts:9-14 shape',
      'D5 libs/proto/proto/videoservice/a.proto:5-12 ~ apps/api/src/videos/video.message.ts:27-36 shape',
      'left out: 10 runs of 6 lines that stand in more than 8 places each (too common to list)',
    ].join('\n');
    expect(pairKinds(report)).toEqual({ proto: 1, migrations: 1, other: 3 });
  });
});
