// Share links that know their audience, through the real server: a link's password is asked before
// anything of the video is sent (RPCs, the watch page's HTML, oEmbed, the stream), checked by the
// server, kept hashed and rate-limited per address; named links are listed, revocable and name
// their viewers in insights; an email gate takes a valid email and counts it; the call to action
// refuses anything but http(s) and counts clicks. On PGlite and PostgreSQL.
import type { DescService } from '@bufbuild/protobuf';
import { Code, ConnectError, type Client } from '@connectrpc/connect';
import { CallToActionPlacement, ConversationService, ShareLinkService, VideoService } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UNLOCKS_PER_ADDRESS } from '../../src/sharing/sharing.service';
import { startEmulatorWithWebm } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { serviceClient } from '../support/clients';
import { shareTokenOf } from '../support/share';
import { databaseKinds } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadVideo } from '../support/upload';

let emulator: AuthEmulator;
let webm: Buffer;
beforeAll(async () => {
  ({ emulator, webm } = await startEmulatorWithWebm(2));
}, 120_000);
afterAll(() => emulator?.stop());

const codeOf = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    return ConnectError.from(error);
  }
  throw new Error('the call succeeded');
};

describe.each(databaseKinds)('share link gates on %s', (databaseKind) => {
  let server: TestServer;
  let owner: TestUser;
  let other: TestUser;
  let address = 0;
  /** Each test its own client address (X-Forwarded-For): the unlock limit counts per address. */
  const newAddress = () => `198.51.100.${++address}`;

  type Holder = { token?: string; share?: string; pass?: string; cookie?: string; from?: string };
  const headers = ({ share, pass, cookie, from }: Holder) => ({
    ...(share ? { 'x-share-token': share } : {}),
    ...(pass ? { 'x-share-pass': pass } : {}),
    ...(cookie ? { cookie } : {}),
    ...(from ? { 'x-forwarded-for': from } : {}),
  });
  /** Clients of `service` for a holder of some of: an ID token, the link, a pass, a cookie, an address. */
  const clientsOf =
    <S extends DescService>(service: S) =>
    (holder: Holder = {}): Client<S> =>
      serviceClient(service, server.baseUrl, { token: holder.token, headers: headers(holder) });
  const links = clientsOf(ShareLinkService);
  const videos = clientsOf(VideoService);
  const talk = clientsOf(ConversationService);

  beforeAll(async () => {
    server = await startTestServer({
      database: databaseKind,
      emulatorHost: emulator.host,
      env: { TRUST_PROXY: '127.0.0.1', FIREBASE_AUTH_EMULATOR_THROUGH_PROXY: 'true' },
    });
    [owner, other] = await Promise.all([newTestUser(emulator.host), newTestUser(emulator.host)]);
  }, 120_000);
  afterAll(() => server?.close());

  const asOwner = () => ({ token: owner.idToken });

  /** A shared video of the owner titled `title`, and its main link's token. */
  async function sharedVideo(title: string) {
    const video = await videos(asOwner()).createVideo({ title, url: 'https://example.com/v.webm' });
    const shared = await videos(asOwner()).shareVideo({ videoId: video.id });
    return { video, token: shareTokenOf(shared.url) };
  }

  /** `viewer` (browser `viewerId`) plays the first `seconds` of the video; the owner's insights after. */
  async function watchedBy(viewer: Holder, videoId: string, viewerId: string, seconds: number) {
    const ranges = [{ startSeconds: 0, endSeconds: seconds }];
    await talk(viewer).recordPlayback({ videoId, viewerId, sessionId: `${viewerId}-session`, ranges });
    return talk(asOwner()).getInsights({ videoId });
  }

  /** Posts a gate's form to `path` from `from` as a browser without JavaScript does; redirects not followed. */
  const postForm = (path: string, from: string, fields: Record<string, string>) =>
    fetch(new URL(path, server.baseUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': from },
      body: new URLSearchParams(fields).toString(),
    });

  const page = async (path: string) => {
    const response = await fetch(new URL(path, server.baseUrl));
    return { status: response.status, body: await response.text() };
  };

  describe('a password on the main link', () => {
    it('sends nothing of the video until the password is given, then a pass opens every path', async () => {
      const from = newAddress();
      const answer = await uploadVideo(server.baseUrl, webm, { token: owner.idToken });
      const videoId = answer.json.video!.id;
      await videos(asOwner()).updateVideo({ videoId, title: 'Quarterly secrets' });
      const token = shareTokenOf((await videos(asOwner()).shareVideo({ videoId })).url);
      const before = await videos({ share: token }).getSharedVideo({ shareToken: token });
      expect(before.title).toBe('Quarterly secrets');

      const link = await links(asOwner()).updateShareLink({ videoId, linkId: 'main', password: 'open sesame' });
      expect(link).toMatchObject({ id: 'main', hasPassword: true, emailGate: false });

      // Signed out, with the link alone: refused everywhere, the title nowhere.
      const refused = await codeOf(videos({ share: token, from }).getSharedVideo({ shareToken: token }));
      expect(refused.code).toBe(Code.PermissionDenied);
      expect(refused.message).not.toContain('Quarterly');
      expect((await codeOf(videos({ share: token }).getVideo({ videoId }))).code).toBe(Code.Unauthenticated);
      expect((await codeOf(talk({ share: token }).listComments({ videoId }))).code).toBe(Code.Unauthenticated);
      const html = await page(`/s/${token}`);
      expect(html.status).toBe(200);
      expect(html.body).toContain('A protected video');
      expect(html.body).not.toContain('Quarterly');
      expect(html.body).not.toMatch(/og:(title|image|video)|oembed/);
      const embed = await page(`/embed/${token}`);
      expect(embed.body).not.toContain('Quarterly');
      const oembed = await page(`/api/oembed?url=${encodeURIComponent(`${server.baseUrl}/s/${token}`)}`);
      expect(oembed.status).toBe(404);
      expect(oembed.body).not.toContain('Quarterly');
      const stream = await fetch(new URL(`/api/videoservice/video/${videoId}?share=${token}`, server.baseUrl));
      expect([401, 404]).toContain(stream.status);
      await stream.arrayBuffer();
      // The URL handed out before the password stops: setting one revokes them.
      const oldUrl = await fetch(new URL(before.url, server.baseUrl));
      expect(oldUrl.status).toBe(404);
      await oldUrl.arrayBuffer();

      expect(await links({ from }).getShareLinkGate({ shareToken: token })).toMatchObject({
        passwordRequired: true,
        emailRequired: false,
        unlocked: false,
      });
      const wrong = await codeOf(links({ from }).unlockShareLink({ shareToken: token, password: 'open sesame!' }));
      expect(wrong.code).toBe(Code.PermissionDenied);
      expect(wrong.message).not.toContain('Quarterly');

      // The right password: a pass, as the header and as an HttpOnly cookie.
      const response = await fetch(new URL('/videoservice.ShareLinkService/UnlockShareLink', server.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
        body: JSON.stringify({ shareToken: token, password: 'open sesame' }),
      });
      expect(response.status).toBe(200);
      const { pass } = (await response.json()) as { pass: string };
      const setCookie = response.headers.get('set-cookie')!;
      expect(setCookie).toMatch(/^stream_pass_[A-Za-z0-9_-]+=/);
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain(pass);
      const cookie = setCookie.split(';')[0]!;

      const opened = await videos({ pass }).getSharedVideo({ shareToken: token });
      expect(opened.title).toBe('Quarterly secrets');
      expect((await videos({ cookie }).getSharedVideo({ shareToken: token })).title).toBe('Quarterly secrets');
      expect((await videos({ share: token, cookie }).getVideo({ videoId })).id).toBe(videoId);
      expect(await links({ cookie }).getShareLinkGate({ shareToken: token })).toMatchObject({ unlocked: true });
      const played = await fetch(new URL(opened.url, server.baseUrl), { headers: { range: 'bytes=0-99' } });
      expect(played.status).toBe(206);
      await played.arrayBuffer();
      // Never in the page's HTML, even for the holder of a pass (link previews fetch without one anyway).
      const unlockedPage = await fetch(new URL(`/s/${token}`, server.baseUrl), { headers: { cookie } });
      expect(await unlockedPage.text()).not.toContain('Quarterly');

      // Stored hashed (scrypt), never as given.
      const row = await server.database.db
        .selectFrom('share_links')
        .select('password_hash')
        .where('video_id', '=', videoId)
        .where('is_main', '=', true)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^scrypt\$/);
      expect(row.password_hash).not.toContain('sesame');

      // A new password ends the passes handed out for the old one; clearing it opens the link again.
      await links(asOwner()).updateShareLink({ videoId, linkId: 'main', password: 'another one' });
      expect((await codeOf(videos({ pass }).getSharedVideo({ shareToken: token }))).code).toBe(Code.PermissionDenied);
      await links(asOwner()).updateShareLink({ videoId, linkId: 'main', password: '' });
      expect((await videos().getSharedVideo({ shareToken: token })).title).toBe('Quarterly secrets');
    });

    it('the watch page asks with a plain form (no JavaScript), which sets the pass and goes back to the video', async () => {
      const { video, token } = await sharedVideo('Board minutes');
      await links(asOwner()).updateShareLink({ videoId: video.id, linkId: 'main', password: 'letmein' });
      const gate = await page(`/s/${token}`);
      expect(gate.body).toContain(`action="/s/${token}/unlock"`);
      expect(gate.body).toContain('name="password"');
      expect(gate.body).not.toContain('Board minutes');
      expect(gate.body).not.toContain('type="module"');

      const from = newAddress();
      const post = (password: string) => postForm(`/s/${token}/unlock`, from, { password });
      const wrong = await post('guess');
      expect(wrong.status).toBe(403);
      const wrongPage = await wrong.text();
      expect(wrongPage).toContain('That password is not right');
      expect(wrongPage).not.toContain('Board minutes');
      expect(wrong.headers.get('set-cookie')).toBeNull();

      const right = await post('letmein');
      expect(right.status).toBe(303);
      expect(right.headers.get('location')).toBe(`/s/${token}`);
      const cookie = right.headers.get('set-cookie')!.split(';')[0]!;
      await right.arrayBuffer();
      const watch = await fetch(new URL(`/s/${token}`, server.baseUrl), { headers: { cookie } });
      const body = await watch.text();
      expect(body).not.toContain('name="password"');
      expect(body).not.toContain('Board minutes');
      expect((await videos({ cookie }).getSharedVideo({ shareToken: token })).title).toBe('Board minutes');
    });

    it('an embed unlocks without cookies: its form answers the page with a short-lived grant for this link only', async () => {
      const { video, token } = await sharedVideo('Framed secrets');
      const other = await sharedVideo('Another framed video');
      await links(asOwner()).updateShareLink({ videoId: video.id, linkId: 'main', password: 'frame pw' });
      await links(asOwner()).updateShareLink({ videoId: other.video.id, linkId: 'main', password: 'frame pw' });
      const gate = await fetch(new URL(`/embed/${token}`, server.baseUrl));
      const gateBody = await gate.text();
      // A frame on another site posts back to the embed's own address (its answer is the page).
      expect(gateBody).toContain(`action="/embed/${token}"`);
      expect(gate.headers.get('content-security-policy')).toContain('frame-ancestors *');

      const from = newAddress();
      const post = (password: string) => postForm(`/embed/${token}`, from, { password });
      const wrong = await post('guess');
      expect(wrong.status).toBe(403);
      expect(await wrong.text()).toContain('That password is not right');
      expect(wrong.headers.get('content-security-policy')).toContain('frame-ancestors *');
      expect(wrong.headers.get('x-frame-options')).toBeNull();

      const right = await post('frame pw');
      expect(right.status).toBe(200);
      expect(right.headers.get('content-security-policy')).toContain('frame-ancestors *');
      expect(right.headers.get('cache-control')).toBe('no-store');
      const body = await right.text();
      expect(body).not.toContain('frame pw');
      expect(body).not.toContain('Framed secrets');
      const grant = /<meta name="stream:share-grant" content="([^"]+)">/.exec(body)?.[1];
      expect(grant).toBeDefined();
      // Two hours, not the cookie's twelve.
      const expiresIn = Number(grant!.split('.')[0]) - Date.now() / 1000;
      expect(expiresIn).toBeGreaterThan(2 * 3600 - 60);
      expect(expiresIn).toBeLessThanOrEqual(2 * 3600);
      // The grant, sent as the frame's app sends it, opens this link and no other.
      expect((await videos({ pass: grant }).getSharedVideo({ shareToken: token })).title).toBe('Framed secrets');
      expect((await codeOf(videos({ pass: grant }).getSharedVideo({ shareToken: other.token }))).code).toBe(
        Code.PermissionDenied,
      );
      // A new password ends it.
      await links(asOwner()).updateShareLink({ videoId: video.id, linkId: 'main', password: 'new pw' });
      expect((await codeOf(videos({ pass: grant }).getSharedVideo({ shareToken: token }))).code).toBe(
        Code.PermissionDenied,
      );
    });

    it('refuses the 11th try from one address within 15 minutes, even with the right password', async () => {
      const { video, token } = await sharedVideo('guarded');
      await links(asOwner()).updateShareLink({ videoId: video.id, linkId: 'main', password: 'right' });
      const from = newAddress();
      for (let i = 0; i < MAX_UNLOCKS_PER_ADDRESS; i++) {
        const wrong = await codeOf(links({ from }).unlockShareLink({ shareToken: token, password: `wrong ${i}` }));
        expect(wrong.code).toBe(Code.PermissionDenied);
      }
      const limited = await codeOf(links({ from }).unlockShareLink({ shareToken: token, password: 'right' }));
      expect(limited.code).toBe(Code.ResourceExhausted);
      // Another address still gets in.
      const { pass } = await links({ from: newAddress() }).unlockShareLink({ shareToken: token, password: 'right' });
      expect((await videos({ pass }).getSharedVideo({ shareToken: token })).title).toBe('guarded');
    });

    it('refuses a password that is too long and a link nobody minted, changing nothing', async () => {
      const { video, token } = await sharedVideo('unchanged');
      const tooLong = await codeOf(
        links(asOwner()).updateShareLink({ videoId: video.id, linkId: 'main', password: 'x'.repeat(201) }),
      );
      expect(tooLong.code).toBe(Code.InvalidArgument);
      expect((await videos().getSharedVideo({ shareToken: token })).title).toBe('unchanged');
      const unknown = await codeOf(
        links({ from: newAddress() }).unlockShareLink({ shareToken: 'nope', password: 'x' }),
      );
      expect(unknown.code).toBe(Code.NotFound);
      // Only the owner changes a link.
      const notOwner = await codeOf(
        links({ token: other.idToken }).updateShareLink({ videoId: video.id, linkId: 'main', password: 'mine' }),
      );
      expect(notOwner.code).toBe(Code.NotFound);
      expect((await videos().getSharedVideo({ shareToken: token })).title).toBe('unchanged');
    });
  });

  describe('named links', () => {
    it('are listed, name their viewers in insights, count views, and stop at once when revoked', async () => {
      const { video } = await sharedVideo('for the team');
      const dana = await links(asOwner()).createShareLink({ videoId: video.id, name: 'Dana' });
      expect(dana).toMatchObject({ name: 'Dana', hasPassword: false, emailGate: false });
      const token = shareTokenOf(dana.url);
      const listed = await links(asOwner()).listShareLinks({ videoId: video.id });
      expect(listed.links.map((link) => link.name)).toEqual(['', 'Dana']);

      expect((await videos().getSharedVideo({ shareToken: token })).title).toBe('for the team');
      const viewer = { share: token, from: newAddress() };
      await videos(viewer).recordView({ videoId: video.id, viewerId: 'browser-1' });
      const insights = await watchedBy(viewer, video.id, 'browser-1', 4);
      expect(insights.seenBy.map((seen) => seen.person?.displayName)).toContain('Dana (link)');
      const [, counted] = (await links(asOwner()).listShareLinks({ videoId: video.id })).links;
      expect(counted!.viewCount).toBe(1n);

      await links(asOwner()).revokeShareLink({ videoId: video.id, linkId: dana.id });
      expect((await codeOf(videos().getSharedVideo({ shareToken: token }))).code).toBe(Code.NotFound);
      expect((await page(`/s/${token}`)).status).toBe(404);
      expect((await codeOf(talk({ share: token }).listComments({ videoId: video.id }))).code).toBe(
        Code.Unauthenticated,
      );
      expect((await links(asOwner()).listShareLinks({ videoId: video.id })).links.map((link) => link.name)).toEqual([
        '',
      ]);
      const again = await codeOf(links(asOwner()).revokeShareLink({ videoId: video.id, linkId: dana.id }));
      expect(again.code).toBe(Code.NotFound);
    });

    it('refuses a blank or overlong name and the main link as a revocation, and strangers', async () => {
      const { video } = await sharedVideo('names');
      for (const name of ['', '   ', 'x'.repeat(101), 'a\u0000b']) {
        const refused = await codeOf(links(asOwner()).createShareLink({ videoId: video.id, name }));
        expect(refused.code).toBe(Code.InvalidArgument);
      }
      expect((await codeOf(links(asOwner()).revokeShareLink({ videoId: video.id, linkId: 'main' }))).code).toBe(
        Code.InvalidArgument,
      );
      const stranger = await codeOf(
        links({ token: other.idToken }).createShareLink({ videoId: video.id, name: 'Eve' }),
      );
      expect(stranger.code).toBe(Code.NotFound);
      expect((await links(asOwner()).listShareLinks({ videoId: video.id })).links).toHaveLength(1);
    });

    it('a named link with a password is gated like the main link', async () => {
      const { video } = await sharedVideo('for Sam only');
      const sam = await links(asOwner()).createShareLink({ videoId: video.id, name: 'Sam', password: 'sam pw' });
      const token = shareTokenOf(sam.url);
      expect((await codeOf(videos().getSharedVideo({ shareToken: token }))).code).toBe(Code.PermissionDenied);
      expect((await page(`/s/${token}`)).body).not.toContain('for Sam only');
      const { pass } = await links({ from: newAddress() }).unlockShareLink({ shareToken: token, password: 'sam pw' });
      expect((await videos({ pass }).getSharedVideo({ shareToken: token })).title).toBe('for Sam only');
    });
  });

  describe('the email gate', () => {
    it('asks a valid email before playing, refuses HTML-looking input, and counts the viewer', async () => {
      const { video } = await sharedVideo('webinar');
      const gated = await links(asOwner()).createShareLink({ videoId: video.id, name: 'Newsletter', emailGate: true });
      const token = shareTokenOf(gated.url);
      const from = newAddress();
      expect(await links({ from }).getShareLinkGate({ shareToken: token })).toMatchObject({
        passwordRequired: false,
        emailRequired: true,
        unlocked: false,
      });
      expect((await codeOf(videos().getSharedVideo({ shareToken: token }))).code).toBe(Code.PermissionDenied);
      for (const email of [
        '',
        'not-an-email',
        '<b>x</b>@example.com',
        'a@b',
        'x@example.com<script>',
        'a b@example.com',
      ]) {
        const refused = await codeOf(links({ from }).unlockShareLink({ shareToken: token, email }));
        expect(refused.code, email).toBe(Code.InvalidArgument);
      }
      // The page's form echoes a refused email escaped.
      const refusedForm = await postForm(`/s/${token}/unlock`, from, { email: '"><script>alert(1)</script>' });
      expect(refusedForm.status).toBe(400);
      const refusedPage = await refusedForm.text();
      expect(refusedPage).not.toContain('<script>alert(1)');
      expect(refusedPage).toContain('&quot;&gt;&lt;script&gt;');
      const { pass } = await links({ from }).unlockShareLink({ shareToken: token, email: ' Dana@Example.com ' });
      const viewer = { share: token, pass, from };
      expect((await videos(viewer).getSharedVideo({ shareToken: token })).title).toBe('webinar');
      const insights = await watchedBy(viewer, video.id, 'browser-2', 3);
      expect(insights.emailGateEntries).toBe(1);
      expect(insights.seenBy.map((seen) => seen.person?.displayName)).toContain('dana@example.com (email)');
      // The same email again is one entry.
      await links({ from }).unlockShareLink({ shareToken: token, email: 'dana@example.com' });
      expect((await talk(asOwner()).getInsights({ videoId: video.id })).emailGateEntries).toBe(1);
    });
  });

  describe('the call to action', () => {
    it('takes only http(s) URLs, shows on the shared video, and counts viewers’ clicks', async () => {
      const { video, token } = await sharedVideo('with a button');
      for (const url of [
        'javascript:alert(1)',
        'JavaScript:alert(1)',
        'data:text/html,<b>x</b>',
        'ftp://example.com',
        'example.com',
      ]) {
        const refused = await codeOf(
          links(asOwner()).setCallToAction({ videoId: video.id, callToAction: { label: 'Book a call', url } }),
        );
        expect(refused.code, url).toBe(Code.InvalidArgument);
      }
      expect((await videos(asOwner()).getVideo({ videoId: video.id })).callToAction).toBeUndefined();
      const tooLong = await codeOf(
        links(asOwner()).setCallToAction({
          videoId: video.id,
          callToAction: { label: 'x'.repeat(61), url: 'https://example.com' },
        }),
      );
      expect(tooLong.code).toBe(Code.InvalidArgument);

      const cta = await links(asOwner()).setCallToAction({
        videoId: video.id,
        callToAction: {
          label: 'Book a call',
          url: 'https://example.com/book',
          placement: CallToActionPlacement.THROUGHOUT,
        },
      });
      expect(cta).toMatchObject({ label: 'Book a call', url: 'https://example.com/book' });
      const shown = await videos().getSharedVideo({ shareToken: token });
      expect(shown.callToAction).toMatchObject({
        label: 'Book a call',
        url: 'https://example.com/book',
        placement: CallToActionPlacement.THROUGHOUT,
      });

      await links({ share: token, from: newAddress() }).recordCallToActionClick({ videoId: video.id, viewerId: 'v-1' });
      await links(asOwner()).recordCallToActionClick({ videoId: video.id });
      expect((await talk(asOwner()).getInsights({ videoId: video.id })).callToActionClicks).toBe(1n);
      // Without the link, a signed-out click is refused and not counted.
      const stranger = await codeOf(links().recordCallToActionClick({ videoId: video.id, viewerId: 'v-2' }));
      expect(stranger.code).toBe(Code.Unauthenticated);
      expect((await talk(asOwner()).getInsights({ videoId: video.id })).callToActionClicks).toBe(1n);

      // An empty label clears it.
      await links(asOwner()).setCallToAction({ videoId: video.id, callToAction: { label: '', url: '' } });
      expect((await videos().getSharedVideo({ shareToken: token })).callToAction).toBeUndefined();
    });
  });
});
