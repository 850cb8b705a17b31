// The watch pages' HTML as served (no JavaScript): /s/<token>, /watch/<id> and /embed/<token> carry
// the preview tags with absolute URLs for a working link and nothing about the video otherwise;
// /embed/ alone may be framed; /api/oembed answers oEmbed 1.0.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { displayTextProblem, Status, Visibility, type Video } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import fc from 'fast-check';
import { Window } from 'happy-dom';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { shareTokenOf } from '../support/share';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadVideo } from '../support/upload';
import { makeWebm } from '../support/webm';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Stream</title>
    <script type="module" src="/assets/index.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

let emulator: AuthEmulator;
let server: TestServer;
let owner: TestUser;
let webDist: string;
let video: Video;
let token: string;

/** The `content` of every `<meta property|name="key">` in the page, by key. */
function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [, key, content] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g))
    tags[key!] = content!;
  return tags;
}
const unescape = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!,
  );

/** The page as a browser reads it: head elements with their attributes, the title's text, the body. */
function parsed(html: string) {
  const document = new new Window().DOMParser().parseFromString(html, 'text/html');
  const head = [...document.head.children].map((element) => ({
    tag: element.tagName.toLowerCase(),
    attributes: element.getAttributeNames(),
    key: element.getAttribute('property') ?? element.getAttribute('name') ?? element.getAttribute('rel'),
  }));
  const content = (key: string) =>
    document.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');
  return { head, title: document.querySelector('title')?.textContent, content, body: document.body.innerHTML };
}

async function page(path: string) {
  const response = await fetch(`${server.baseUrl}${path}`);
  return { status: response.status, headers: response.headers, html: await response.text() };
}

beforeAll(async () => {
  const [started, path] = await Promise.all([startAuthEmulator(), makeWebm({ seconds: 2 })]);
  emulator = started;
  webDist = mkdtempSync(join(tmpdir(), 'stream-web-dist-'));
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  server = await startTestServer({
    database: 'pglite',
    emulatorHost: emulator.host,
    env: { WORKER: 'true', WEB_DIST: webDist },
  });
  owner = await newTestUser(emulator.host, { displayName: 'Ada <Owner>' });
  const client = videoClient(server.baseUrl, { token: owner.idToken });
  const answer = await uploadVideo(server.baseUrl, readFileSync(path), { token: owner.idToken });
  const id = answer.json.video!.id;
  const deadline = Date.now() + 60_000;
  while ((await client.getVideo({ videoId: id })).status !== Status.READY) {
    if (Date.now() > deadline) throw new Error('processing did not finish');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // og:video names the MP4 rendition once it is made (a job after READY).
  while (!(await client.getVideo({ videoId: id })).mp4Url) {
    if (Date.now() > deadline) throw new Error('the MP4 rendition was not made');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  video = await client.updateVideo({
    videoId: id,
    title: 'Q3 <script>alert("x")</script> & more',
    description: 'The "numbers" for Q3',
    visibility: Visibility.PRIVATE,
  });
  token = shareTokenOf((await client.shareVideo({ videoId: id })).url);
}, 180_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

describe('the watch page of a share link (/s/<token>)', () => {
  it('renders the preview tags into index.html, every URL absolute, the text escaped', async () => {
    const { status, headers, html } = await page(`/s/${token}`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toContain('<div id="root"></div>'); // still the single-page app
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Q3 &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more · Stream</title>');

    const tags = metaTags(html);
    expect(unescape(tags['og:title']!)).toBe(video.title);
    expect(unescape(tags['og:description']!)).toBe('The "numbers" for Q3');
    expect(tags['og:type']).toBe('video.other');
    expect(tags['og:url']).toBe(`${server.baseUrl}/s/${token}`);
    expect(tags['twitter:card']).toBe('summary_large_image');
    const image = unescape(tags['og:image']!);
    const stream = unescape(tags['og:video']!);
    expect(image).toMatch(
      new RegExp(`^${server.baseUrl}/api/videoservice/thumbnail/${video.id}\\?expires=\\d+&signature=`),
    );
    expect(stream).toMatch(new RegExp(`^${server.baseUrl}/api/videoservice/mp4/${video.id}\\?expires=\\d+&signature=`));
    expect(tags['og:video:type']).toBe('video/mp4');

    // A chat's unfurler fetches them signed out.
    const thumbnail = await fetch(image);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    await thumbnail.arrayBuffer();
    const played = await fetch(stream, { headers: { range: 'bytes=0-3' } });
    expect(played.status).toBe(206);
    await played.arrayBuffer();

    const oembedLink = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(html)?.[1];
    expect(unescape(oembedLink!)).toBe(
      `${server.baseUrl}/api/oembed?url=${encodeURIComponent(`${server.baseUrl}/s/${token}`)}&format=json`,
    );
  });

  it('an unknown, reset, expired or PRIVATE link gets a generic page with nothing about the video', async () => {
    const client = videoClient(server.baseUrl, { token: owner.idToken });
    const other = await client.createVideo({ title: 'Secret plans', description: 'do not leak' });
    const otherToken = shareTokenOf((await client.shareVideo({ videoId: other.id, expireAfterSeconds: 3600n })).url);
    const resetToken = otherToken;
    const newToken = shareTokenOf((await client.shareVideo({ videoId: other.id, newLink: true })).url);
    expect((await page(`/s/${newToken}`)).status).toBe(200);

    const expiredVideo = await client.createVideo({ title: 'Secret plans', description: 'do not leak' });
    const expiredToken = shareTokenOf(
      (await client.shareVideo({ videoId: expiredVideo.id, expireAfterSeconds: 3600n })).url,
    );
    await sql`update share_links set expires_at = now() - interval '1 second' where video_id = ${expiredVideo.id} and is_main`.execute(
      server.database.db,
    );

    const privateVideo = await client.createVideo({ title: 'Secret plans', description: 'do not leak' });
    const privateToken = shareTokenOf((await client.shareVideo({ videoId: privateVideo.id })).url);
    await client.updateVideo({
      videoId: privateVideo.id,
      title: 'Secret plans',
      description: 'do not leak',
      visibility: Visibility.PRIVATE,
    });

    for (const path of [
      `/s/no-such-link-0123456789`,
      `/s/${resetToken}`,
      `/s/${expiredToken}`,
      `/s/${privateToken}`,
      '/embed/nope',
      `/watch/${privateVideo.id}`,
      '/watch/no-such-id',
    ]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(html, path).toContain('<title>This video is not available · Stream</title>');
      expect(html, path).toContain('<div id="root"></div>');
      for (const leak of ['Secret plans', 'do not leak', 'og:', 'twitter:', 'oembed', '/api/videoservice/', 'Ada']) {
        expect(html, `${path} ${leak}`).not.toContain(leak);
      }
    }
  });

  it('a PUBLIC video’s page at /watch/<id> has the tags; a shared one there has none', async () => {
    const client = videoClient(server.baseUrl, { token: owner.idToken });
    const made = await client.createVideo({ title: 'Open for all' });
    await client.shareVideo({ videoId: made.id });
    expect((await page(`/watch/${made.id}`)).status).toBe(404);
    await client.updateVideo({ videoId: made.id, title: 'Open for all', visibility: Visibility.PUBLIC });
    const { status, html } = await page(`/watch/${made.id}`);
    expect(status).toBe(200);
    const tags = metaTags(html);
    expect(tags['og:title']).toBe('Open for all');
    expect(tags['og:url']).toBe(`${server.baseUrl}/watch/${made.id}`);
    expect(unescape(tags['og:description']!)).toBe('A video by Ada <Owner>');
  });
});

describe('user text in the head', () => {
  // Pieces that mean something to String.replace, HTML or the head, mixed with any character.
  const pieces = [
    "$'",
    '$`',
    '$&',
    '$$',
    '$1',
    '</head>',
    '</title>',
    '<script>',
    '"',
    "'",
    '&amp;',
    '&',
    '\r\n',
    '\r',
    ' ',
  ];
  const text = (maxLength: number) =>
    fc.string({
      unit: fc.oneof(fc.constantFrom(...pieces), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
      maxLength,
    });
  const valid = (value: string, max: number) => !value.includes('\0') && value.trim().length <= max;
  // A title is one line a person reads (displayTextProblem); the description keeps every character to escape.
  const title = text(40).filter(
    (value) => valid(value, 200) && value.trim() !== '' && displayTextProblem(value.trim()) === undefined,
  );
  const description = text(80).filter((value) => valid(value, 5000));
  const chapter = text(20).filter((value) => valid(value, 200) && value.trim() !== '');

  it("parses to the same head for any title, description and chapter names, and og:title comes back exactly ($' and $` included)", async () => {
    const client = videoClient(server.baseUrl, { token: owner.idToken });
    const made = await client.createVideo({ title: 'Plain', description: 'Plain words' });
    const link = shareTokenOf((await client.shareVideo({ videoId: made.id })).url);
    const reference = parsed((await page(`/s/${link}`)).html);
    expect(reference.head.map((element) => element.key)).toContain('og:title');

    await fc.assert(
      fc.asyncProperty(title, description, fc.array(chapter, { maxLength: 3 }), async (title, description, names) => {
        const saved = await client.updateVideo({
          videoId: made.id,
          title,
          description,
          visibility: Visibility.SHARED,
          chapters: { chapters: names.map((name, index) => ({ seconds: index, title: name })) },
        });
        const { html } = await page(`/s/${link}`);
        // A browser reads a raw CR as LF (happy-dom does not): CRs must come as references.
        expect(html.slice(0, html.indexOf('</head>'))).not.toContain('\r');
        const shown = parsed(html);
        expect(shown.head).toEqual(reference.head);
        expect(shown.body).toBe(reference.body);
        expect(shown.title).toBe(`${saved.title} · Stream`);
        expect(shown.content('og:title')).toBe(saved.title);
        expect(shown.content('twitter:title')).toBe(saved.title);
        const summary = saved.description.trim(); // blank: "A video by ..."; long: shortened
        if (summary && Array.from(summary).length <= 300) expect(shown.content('og:description')).toBe(summary);
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('shortens a long description without halving a character', async () => {
    const client = videoClient(server.baseUrl, { token: owner.idToken });
    const made = await client.createVideo({ title: 'Long', description: `${'a'.repeat(298)}${'😀'.repeat(10)}` });
    const link = shareTokenOf((await client.shareVideo({ videoId: made.id })).url);
    const shown = parsed((await page(`/s/${link}`)).html);
    expect(shown.content('og:description')).toBe(`${'a'.repeat(298)}😀…`);
  });
});

describe('framing', () => {
  it('/embed/<token> may be framed by any site; the app and the watch page may not', async () => {
    const embed = await page(`/embed/${token}`);
    expect(embed.status).toBe(200);
    expect(metaTags(embed.html)['og:title']).toBeDefined();
    expect(embed.headers.get('x-frame-options')).toBeNull();
    expect(embed.headers.get('content-security-policy')).toMatch(/frame-ancestors \*/);
    expect(embed.headers.get('content-security-policy')).toMatch(/default-src 'self'/); // the rest of the policy stays

    for (const path of [`/s/${token}`, '/videos', '/']) {
      const { headers } = await page(path);
      expect(headers.get('x-frame-options'), path).toBe('DENY');
      expect(headers.get('content-security-policy'), path).toMatch(/frame-ancestors 'none'/);
    }
  });
});

describe('oEmbed (/api/oembed)', () => {
  const oembed = (query: string) => fetch(`${server.baseUrl}/api/oembed?${query}`);

  it('answers oEmbed 1.0 JSON with an iframe of the embed page', async () => {
    const url = `${server.baseUrl}/s/${token}`;
    const response = await oembed(`url=${encodeURIComponent(url)}&format=json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      type: 'video',
      version: '1.0',
      title: video.title,
      author_name: 'Ada <Owner>',
      provider_name: 'Stream',
      width: 640,
      height: 360,
      thumbnail_width: 640,
      thumbnail_height: 360,
    });
    expect(body.thumbnail_url).toMatch(new RegExp(`^${server.baseUrl}/api/videoservice/thumbnail/${video.id}\\?`));
    expect(body.html).toContain(`<iframe src="${server.baseUrl}/embed/${token}" width="640" height="360"`);
    expect(body.html).not.toContain('<script>');
    const narrow = (await (await oembed(`url=${encodeURIComponent(url)}&maxwidth=320`)).json()) as Record<
      string,
      unknown
    >;
    expect(narrow).toMatchObject({ width: 320, height: 180 });
  });

  it('404 for a link that does not work, 501 for XML, 400 for a URL not ours or not a watch page', async () => {
    const ours = (path: string) => encodeURIComponent(`${server.baseUrl}${path}`);
    const cases: [string, number][] = [
      [`url=${ours('/s/no-such-link-0123456789')}`, 404],
      [`url=${ours(`/s/${token}`)}&format=xml`, 501],
      [`url=${encodeURIComponent(`https://elsewhere.example/s/${token}`)}`, 400],
      [`url=${ours('/videos')}`, 400],
      ['url=not%20a%20url', 400],
      ['', 400],
    ];
    for (const [query, expected] of cases) {
      const response = await oembed(query);
      expect(response.status, query).toBe(expected);
      expect(await response.text(), query).not.toContain(video.title);
    }
  });
});
