import { Code, ConnectError, type Client } from '@connectrpc/connect';
import { type Video, type VideoService, Visibility } from '@stream/proto';
import { expect, it } from 'vitest';

type VideoClient = Client<typeof VideoService>;

/** What UpdateVideo may change, as plain fields. */
const changeable = (video: Video) => ({
  title: video.title,
  description: video.description,
  visibility: video.visibility,
  defaultPlaybackRate: video.defaultPlaybackRate,
  chapters: video.chapters.map(({ seconds, title }) => ({ seconds, title })),
});

async function refusal(call: Promise<unknown>): Promise<{ code: Code | 'ok'; message: string }> {
  try {
    await call;
    return { code: 'ok', message: '' };
  } catch (error) {
    if (!(error instanceof ConnectError)) throw error;
    return { code: error.code, message: error.rawMessage };
  }
}

/**
 * UpdateVideo's update_mask (AIP-134) as a contract: the same cases run against the real
 * server (apps/api/test/integration/video-update-mask.test.ts) and the fake (fake-video-service.test.ts), so
 * the fake cannot drift. `owner` is called inside each case: a client of whoever owns what it creates.
 */
export function updateVideoMaskContract(owner: () => VideoClient) {
  /** A PUBLIC video with a description, chapters and a default speed. */
  async function made(client: VideoClient): Promise<Video> {
    const video = await client.createVideo({
      title: 'Quarterly demo',
      description: 'What we shipped',
      visibility: Visibility.PUBLIC,
    });
    return client.updateVideo({
      videoId: video.id,
      title: video.title,
      description: video.description,
      visibility: Visibility.PUBLIC,
      defaultPlaybackRate: 1.5,
      chapters: { chapters: [{ seconds: 0, title: 'Intro' }] },
    });
  }

  it('a title alone, masked, renames the video and keeps everything else', async () => {
    const client = owner();
    const video = await made(client);
    const saved = await client.updateVideo({ videoId: video.id, title: 'Renamed', updateMask: { paths: ['title'] } });
    expect(changeable(saved)).toEqual({ ...changeable(video), title: 'Renamed' });
    expect(changeable(await client.getVideo({ videoId: video.id }))).toEqual(changeable(saved));
  });

  it('without a mask it is the spec’s full replacement: a title alone blanks the description and makes it private', async () => {
    const client = owner();
    const video = await made(client);
    const saved = await client.updateVideo({ videoId: video.id, title: 'Renamed' });
    // Unset speed and chapters keep theirs, and an empty title would keep the current one.
    expect(changeable(saved)).toEqual({
      ...changeable(video),
      title: 'Renamed',
      description: '',
      visibility: Visibility.PRIVATE,
    });
    const kept = await client.updateVideo({
      videoId: video.id,
      title: '',
      description: 'Back',
      visibility: Visibility.PUBLIC,
    });
    expect(kept.title).toBe('Renamed');
  });

  it('each field named takes the request’s value, empty or unset included; the others stay', async () => {
    const client = owner();
    const video = await made(client);
    const visible = await client.updateVideo({
      videoId: video.id,
      visibility: Visibility.SHARED,
      updateMask: { paths: ['visibility'] },
    });
    expect(changeable(visible)).toEqual({ ...changeable(video), visibility: Visibility.SHARED });
    const blank = await client.updateVideo({ videoId: video.id, updateMask: { paths: ['description'] } });
    expect(changeable(blank)).toEqual({ ...changeable(visible), description: '' });
    const cleared = await client.updateVideo({
      videoId: video.id,
      title: 'ignored: not named',
      updateMask: { paths: ['chapters', 'default_playback_rate'] },
    });
    expect(changeable(cleared)).toEqual({ ...changeable(blank), chapters: [], defaultPlaybackRate: 0 });
    const chaptered = await client.updateVideo({
      videoId: video.id,
      chapters: { chapters: [{ seconds: 2, title: 'Later' }] },
      defaultPlaybackRate: 0.5,
      updateMask: { paths: ['chapters', 'default_playback_rate'] },
    });
    expect(changeable(chaptered)).toEqual({
      ...changeable(cleared),
      chapters: [{ seconds: 2, title: 'Later' }],
      defaultPlaybackRate: 0.5,
    });
  });

  it('"*" replaces all five fields, unset ones included', async () => {
    const client = owner();
    const video = await made(client);
    const saved = await client.updateVideo({ videoId: video.id, title: 'All new', updateMask: { paths: ['*'] } });
    expect(changeable(saved)).toEqual({
      title: 'All new',
      description: '',
      visibility: Visibility.PRIVATE,
      defaultPlaybackRate: 0,
      chapters: [],
    });
  });

  const refused: [string, { paths: string[] }, Record<string, unknown>, RegExp][] = [
    ['an unknown field', { paths: ['title', 'colour'] }, { title: 'x' }, /colour/],
    ['a name every object has', { paths: ['constructor'] }, {}, /"constructor" is not a field/],
    ['the video id', { paths: ['video_id'] }, {}, /video_id/],
    ['a field the server sets (status)', { paths: ['status'] }, {}, /status/],
    ['the owner', { paths: ['user_id'] }, {}, /user_id/],
    ['the creation time', { paths: ['created_at'] }, {}, /created_at/],
    ['a field another call changes (folder_id)', { paths: ['folder_id'] }, {}, /folder_id/],
    ['a part of a field', { paths: ['chapters.title'] }, {}, /chapters/],
    ['no field at all', { paths: [] }, { title: 'x' }, /update_mask/],
    ['an empty title, named', { paths: ['title', 'description'] }, { title: '  ', description: 'x' }, /title/],
    ['a speed out of range, named', { paths: ['default_playback_rate'] }, { defaultPlaybackRate: 9 }, /playback_rate/],
  ];
  it.each(refused)('a mask naming %s is invalid_argument and changes nothing', async (_, mask, fields, message) => {
    const client = owner();
    const video = await made(client);
    const answer = await refusal(client.updateVideo({ videoId: video.id, ...fields, updateMask: mask }));
    expect(answer.code).toBe(Code.InvalidArgument);
    expect(answer.message).toMatch(message);
    expect(changeable(await client.getVideo({ videoId: video.id }))).toEqual(changeable(video));
  });
}
