import { createClient, type Client } from '@connectrpc/connect';
import { MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH, Status, VideoService, Visibility } from '@stream/proto';
import { describe, expect, it } from 'vitest';
import { SHARE_TOKEN_HEADER } from '../../videos/queries';
import { Code, codeOf, withHeaders, type RpcContractSubject } from './contract-subject';

type Videos = Client<typeof VideoService>;

const tokenOf = (shareUrl: string) => /\/s\/([^/?#]+)$/.exec(shareUrl)?.[1] ?? '';

/**
 * The VideoService as the spec and the server define it: CreateVideo, GetVideo, ListVideos,
 * UpdateVideo (title, description, visibility), DeleteVideo, ShareVideo and GetSharedVideo, with
 * their validation errors. Run against `createFakeVideoService` and against the real server, so the
 * fake cannot drift from the service.
 */
export function videoServiceContract(subject: RpcContractSubject): void {
  const signIn = async (): Promise<Videos> => createClient(VideoService, await subject.signIn());
  describe('CreateVideo and GetVideo', () => {
    it('stores what it is given, trimmed, and reads it back', async () => {
      const videos = await signIn();
      const created = await videos.createVideo({
        title: '  Quarterly demo  ',
        description: 'What shipped',
        url: 'https://videos.example.com/demo.webm',
        visibility: Visibility.PUBLIC,
      });
      expect(created).toMatchObject({
        title: 'Quarterly demo',
        description: 'What shipped',
        url: 'https://videos.example.com/demo.webm',
        status: Status.READY,
        visibility: Visibility.PUBLIC,
      });
      expect(created.id).not.toBe('');
      expect(created.userId).not.toBe('');
      expect(Math.abs(Number(created.createdAt?.seconds) * 1000 - Date.now())).toBeLessThan(60_000);
      expect(await videos.getVideo({ videoId: created.id })).toEqual(created);
    });

    it('gives a video without a url the status UNSPECIFIED and a blank title a default one', async () => {
      const videos = await signIn();
      for (const title of ['', '   ']) {
        const created = await videos.createVideo({ title });
        expect(created.status).toBe(Status.UNSPECIFIED);
        expect(created.url).toBe('');
        expect(created.title).toMatch(/^Recording \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}:\d{2}$/);
      }
    });

    it(`takes a title of ${MAX_TITLE_LENGTH} characters (after trimming) and refuses a longer one, storing nothing`, async () => {
      const videos = await signIn();
      const longest = 'x'.repeat(MAX_TITLE_LENGTH);
      expect((await videos.createVideo({ title: ` ${longest} ` })).title).toBe(longest);
      expect(await codeOf(videos.createVideo({ title: `${longest}y` }))).toBe(Code.InvalidArgument);
      // One line a person reads: no control characters, no direction overrides, not only invisible ones.
      for (const title of ['Bell\u0007', 'Tab\there', 'C1\u0085', 'gnp.\u202Eexe', '\u200B\u200B\u200D'])
        expect(await codeOf(videos.createVideo({ title })), JSON.stringify(title)).toBe(Code.InvalidArgument);
      expect((await videos.listVideos({})).videos).toHaveLength(1);
    });

    it('refuses a description too long, an unknown visibility, a url that is not http(s) or holds a line break, and NUL characters', async () => {
      const videos = await signIn();
      const bad = [
        { description: 'd'.repeat(MAX_DESCRIPTION_LENGTH + 1) },
        { visibility: 99 as Visibility },
        { url: 'ftp://example.com/a.webm' },
        { url: 'not a url' },
        { url: 'https://videos.example.com/a\r\nSet-Cookie: x=1.webm' },
        { title: 'a\0b' },
      ];
      for (const request of bad) {
        expect(await codeOf(videos.createVideo({ title: 'Bad', ...request })), JSON.stringify(request)).toBe(
          Code.InvalidArgument,
        );
      }
      expect((await videos.listVideos({})).videos).toEqual([]);
      expect((await videos.createVideo({ description: 'd'.repeat(MAX_DESCRIPTION_LENGTH) })).description).toHaveLength(
        MAX_DESCRIPTION_LENGTH,
      );
    });

    it('answers invalid_argument for a missing or too long id, not_found for an unknown one', async () => {
      const videos = await signIn();
      expect(await codeOf(videos.getVideo({ videoId: '' }))).toBe(Code.InvalidArgument);
      expect(await codeOf(videos.getVideo({ videoId: '  ' }))).toBe(Code.InvalidArgument);
      expect(await codeOf(videos.getVideo({ videoId: 'v'.repeat(129) }))).toBe(Code.InvalidArgument);
      expect(await codeOf(videos.getVideo({ videoId: 'no-such-video' }))).toBe(Code.NotFound);
    });

    it('refuses a signed-out caller: unauthenticated', async () => {
      const videos = await signIn();
      const { id } = await videos.createVideo({ title: 'Private' });
      const anonymous = createClient(VideoService, subject.signedOut());
      expect(await codeOf(anonymous.createVideo({ title: 'x' }))).toBe(Code.Unauthenticated);
      expect(await codeOf(anonymous.listVideos({}))).toBe(Code.Unauthenticated);
      expect(await codeOf(anonymous.getVideo({ videoId: id }))).toBe(Code.Unauthenticated);
      expect(await codeOf(anonymous.getVideo({ videoId: 'no-such-video' }))).toBe(Code.Unauthenticated);
    });
  });

  describe('who may read and change a video', () => {
    it("another user's PRIVATE video is not_found to read, change, delete or share, and stays as it was", async () => {
      const [owner, other] = [await signIn(), await signIn()];
      const video = await owner.createVideo({ title: 'Mine' });
      expect(await codeOf(other.getVideo({ videoId: video.id }))).toBe(Code.NotFound);
      expect(await codeOf(other.updateVideo({ videoId: video.id, title: 'Theirs' }))).toBe(Code.NotFound);
      expect(await codeOf(other.deleteVideo({ videoId: video.id }))).toBe(Code.NotFound);
      expect(await codeOf(other.shareVideo({ videoId: video.id }))).toBe(Code.NotFound);
      expect((await other.listVideos({})).videos).toEqual([]);
      expect(await owner.getVideo({ videoId: video.id })).toEqual(video);
    });

    it('a PUBLIC video is readable by anyone, signed in or not, but changed by its owner only', async () => {
      const [owner, other] = [await signIn(), await signIn()];
      const video = await owner.createVideo({ title: 'For all', visibility: Visibility.PUBLIC });
      expect((await other.getVideo({ videoId: video.id })).title).toBe('For all');
      const anonymous = createClient(VideoService, subject.signedOut());
      expect((await anonymous.getVideo({ videoId: video.id })).title).toBe('For all');
      // The owner's sign-in uid is the owner's alone.
      expect((await anonymous.getVideo({ videoId: video.id })).userId).toBe('');
      expect((await other.getVideo({ videoId: video.id })).userId).toBe('');
      expect((await owner.getVideo({ videoId: video.id })).userId).toBe(video.userId);
      expect(await codeOf(other.updateVideo({ videoId: video.id, title: 'Mine now' }))).toBe(Code.NotFound);
      expect(await codeOf(other.deleteVideo({ videoId: video.id }))).toBe(Code.NotFound);
      expect((await owner.getVideo({ videoId: video.id })).title).toBe('For all');
    });
  });

  describe('ListVideos', () => {
    it('pages newest first; next_page_number is 0 on the last page; a page past the end is empty', async () => {
      const videos = await signIn();
      const titles = ['first', 'second', 'third'];
      for (const title of titles) await videos.createVideo({ title });
      const page0 = await videos.listVideos({ pageSize: 2, pageNumber: 0 });
      expect(page0.videos.map((v) => v.title)).toEqual(['third', 'second']);
      expect(page0.nextPageNumber).toBe(1);
      const page1 = await videos.listVideos({ pageSize: 2, pageNumber: 1 });
      expect(page1.videos.map((v) => v.title)).toEqual(['first']);
      expect(page1.nextPageNumber).toBe(0);
      const past = await videos.listVideos({ pageSize: 2, pageNumber: 5 });
      expect(past.videos).toEqual([]);
      expect(past.nextPageNumber).toBe(0);
      expect(page0.totalCount).toBeUndefined();
    });

    it('pages by 10 when page_size is 0 and caps a page size above 100 instead of refusing it', async () => {
      const videos = await signIn();
      for (let i = 0; i < 11; i++) await videos.createVideo({ title: `Video ${i}` });
      const byDefault = await videos.listVideos({ pageSize: 0, pageNumber: 0 });
      expect(byDefault.videos).toHaveLength(10);
      expect(byDefault.nextPageNumber).toBe(1);
      const large = await videos.listVideos({ pageSize: 1000, pageNumber: 0 });
      expect(large.videos).toHaveLength(11);
      expect(large.nextPageNumber).toBe(0);
    });

    it('refuses a negative page size or page number', async () => {
      const videos = await signIn();
      expect(await codeOf(videos.listVideos({ pageSize: -1 }))).toBe(Code.InvalidArgument);
      expect(await codeOf(videos.listVideos({ pageNumber: -1 }))).toBe(Code.InvalidArgument);
    });
  });

  describe('UpdateVideo', () => {
    it('replaces title, description and visibility; an empty title keeps the current one', async () => {
      const videos = await signIn();
      const video = await videos.createVideo({ title: 'Draft', description: 'old' });
      const updated = await videos.updateVideo({
        videoId: video.id,
        title: ' Final ',
        description: 'new',
        visibility: Visibility.PUBLIC,
      });
      expect(updated).toMatchObject({
        id: video.id,
        title: 'Final',
        description: 'new',
        visibility: Visibility.PUBLIC,
      });
      const kept = await videos.updateVideo({ videoId: video.id, title: '', description: '' });
      expect(kept).toMatchObject({ title: 'Final', description: '', visibility: Visibility.PRIVATE });
      expect((await videos.getVideo({ videoId: video.id })).title).toBe('Final');
    });

    it('refuses a title too long, an unknown visibility or a bad id, and changes nothing', async () => {
      const videos = await signIn();
      const video = await videos.createVideo({ title: 'Kept' });
      const bad = [
        { videoId: video.id, title: 'x'.repeat(MAX_TITLE_LENGTH + 1) },
        { videoId: video.id, title: 'Line\nbreak' },
        { videoId: video.id, title: '\u2067Changed' },
        { videoId: video.id, title: 'Changed', visibility: 7 as Visibility },
        { videoId: video.id, title: 'Changed', description: 'd'.repeat(MAX_DESCRIPTION_LENGTH + 1) },
        { videoId: '', title: 'Changed' },
      ];
      for (const request of bad) expect(await codeOf(videos.updateVideo(request))).toBe(Code.InvalidArgument);
      expect(await codeOf(videos.updateVideo({ videoId: 'no-such-video', title: 'x' }))).toBe(Code.NotFound);
      expect(await videos.getVideo({ videoId: video.id })).toEqual(video);
    });
  });

  describe('DeleteVideo', () => {
    it('removes the video: GetVideo and a second delete are not_found, the list forgets it', async () => {
      const videos = await signIn();
      const [kept, gone] = [await videos.createVideo({ title: 'Kept' }), await videos.createVideo({ title: 'Gone' })];
      expect(await videos.deleteVideo({ videoId: gone.id })).toBeDefined();
      expect(await codeOf(videos.getVideo({ videoId: gone.id }))).toBe(Code.NotFound);
      expect(await codeOf(videos.deleteVideo({ videoId: gone.id }))).toBe(Code.NotFound);
      expect((await videos.listVideos({})).videos.map((v) => v.id)).toEqual([kept.id]);
      expect(await codeOf(videos.deleteVideo({ videoId: '' }))).toBe(Code.InvalidArgument);
    });
  });

  describe('ShareVideo and GetSharedVideo', () => {
    it('makes a PRIVATE video SHARED and answers a stable /s/{token} link that opens it, signed in or not', async () => {
      const [owner, other] = [await signIn(), await signIn()];
      const video = await owner.createVideo({ title: 'Shared' });
      const shared = await owner.shareVideo({ videoId: video.id });
      expect(shared).toMatchObject({ id: video.id, visibility: Visibility.SHARED });
      expect(shared.expiresAt).toBeUndefined();
      const token = tokenOf(shared.url);
      expect(token).not.toBe('');
      expect((await owner.shareVideo({ videoId: video.id })).url).toBe(shared.url);
      expect((await owner.getVideo({ videoId: video.id })).visibility).toBe(Visibility.SHARED);
      const anonymous = createClient(VideoService, subject.signedOut());
      expect((await anonymous.getSharedVideo({ shareToken: token })).id).toBe(video.id);
      expect((await other.getSharedVideo({ shareToken: token })).id).toBe(video.id);
      expect((await anonymous.getSharedVideo({ shareToken: token })).userId).toBe('');
      expect((await other.getSharedVideo({ shareToken: token })).userId).toBe('');
      expect((await owner.getSharedVideo({ shareToken: token })).userId).toBe(video.userId);
      const holder = createClient(VideoService, withHeaders(await subject.signIn(), { [SHARE_TOKEN_HEADER]: token }));
      expect((await holder.getVideo({ videoId: video.id })).id).toBe(video.id);
      expect(await codeOf(other.getVideo({ videoId: video.id }))).toBe(Code.NotFound);
    });

    it('a new link kills the old one; an expiry is answered; PRIVATE kills the link', async () => {
      const videos = await signIn();
      const video = await videos.createVideo({ title: 'Reset' });
      const first = await videos.shareVideo({ videoId: video.id });
      const second = await videos.shareVideo({ videoId: video.id, newLink: true, expireAfterSeconds: 3600n });
      expect(second.url).not.toBe(first.url);
      expect(Number(second.expiresAt?.seconds) * 1000).toBeGreaterThan(Date.now() + 3500_000);
      const anonymous = createClient(VideoService, subject.signedOut());
      expect(await codeOf(anonymous.getSharedVideo({ shareToken: tokenOf(first.url) }))).toBe(Code.NotFound);
      expect((await anonymous.getSharedVideo({ shareToken: tokenOf(second.url) })).id).toBe(video.id);
      await videos.updateVideo({ videoId: video.id, title: '', visibility: Visibility.PRIVATE });
      expect(await codeOf(anonymous.getSharedVideo({ shareToken: tokenOf(second.url) }))).toBe(Code.NotFound);
    });

    it('refuses a negative or over ten years expiry, a bad id and a blank token; an unknown token is not_found', async () => {
      const videos = await signIn();
      const video = await videos.createVideo({ title: 'Bounds' });
      const tenYears = 10n * 365n * 24n * 3600n;
      expect(await codeOf(videos.shareVideo({ videoId: video.id, expireAfterSeconds: -1n }))).toBe(
        Code.InvalidArgument,
      );
      expect(await codeOf(videos.shareVideo({ videoId: video.id, expireAfterSeconds: tenYears + 1n }))).toBe(
        Code.InvalidArgument,
      );
      expect((await videos.getVideo({ videoId: video.id })).visibility).toBe(Visibility.PRIVATE);
      expect(await codeOf(videos.shareVideo({ videoId: video.id, expireAfterSeconds: tenYears }))).toBe('ok');
      expect(await codeOf(videos.shareVideo({ videoId: '' }))).toBe(Code.InvalidArgument);
      expect(await codeOf(videos.getSharedVideo({ shareToken: ' ' }))).toBe(Code.InvalidArgument);
      expect(await codeOf(videos.getSharedVideo({ shareToken: 'no-such-link' }))).toBe(Code.NotFound);
      const anonymous = createClient(VideoService, subject.signedOut());
      expect(await codeOf(anonymous.shareVideo({ videoId: video.id }))).toBe(Code.Unauthenticated);
    });
  });
}
