// Live streams that outlive access: WatchConversation asks again whether its caller may hold it,
// at once when a revocation names them (a disabled person, a revoked API key, a video made
// private, a member removed, a link reset) and when their ID token expires, not at the next 15 s
// heartbeat; it ends with the code every other call would answer, and sends nothing posted after.
import { Code } from '@connectrpc/connect';
import type { AuthEmulator } from '@stream/auth/testing';
import { TeamRole, Visibility } from '@stream/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARTBEAT_MS } from '../../src/conversation/conversation-stream';
import { startAuthEmulator } from '../support/auth-emulator';
import { adminClient, apiKeyClient } from '../support/admin-clients';
import { conversationClient } from '../support/conversation-client';
import { signedInPerson, type Person } from '../support/people';
import { startTestServer, type TestServer } from '../support/test-server';
import { tokenExpiringIn, watchConversation, type WatchedConversation } from '../support/watched-conversation';

let emulator: AuthEmulator;
let server: TestServer;
let admin: Person;

/** Well before the heartbeat: a stream that ended only there did not hear the revocation. */
const AT_ONCE_MS = HEARTBEAT_MS - 5_000;

beforeAll(async () => {
  emulator = await startAuthEmulator();
  server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host });
  admin = await signedInPerson(server.baseUrl, emulator.host, 'Ada Admin');
  await admin.videos.listVideos({ pageSize: 1 }); // the first account: the instance's admin
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
});

async function videoOf(owner: Person, title: string) {
  const video = await owner.videos.createVideo({ title, url: 'https://example.com/v.mp4' });
  await server.database.db.updateTable('videos').set({ duration_seconds: 60 }).where('id', '=', video.id).execute();
  return video.id;
}

/** A team of `owner` with `member` in it, and a video of the owner's in the team. */
async function teamVideo(owner: Person, member: Person) {
  const team = await owner.teams.createTeam({ name: 'Crew' });
  const { token } = await owner.teams.createInvite({ teamId: team.id, role: TeamRole.MEMBER });
  await member.teams.acceptInvite({ token });
  const videoId = await videoOf(owner, 'Team talk');
  await owner.teams.moveVideoToTeam({ videoId, teamId: team.id });
  return { teamId: team.id, videoId };
}

/**
 * The stream hears `before` (posted by `poster` while it may), then `revoke` runs, `after` is
 * posted at once: the stream ends with `code` well before its heartbeat, without `after`.
 */
async function endsAtOnce(
  stream: WatchedConversation,
  poster: Person,
  videoId: string,
  revoke: () => Promise<unknown>,
  code: Code,
  shareToken?: string,
) {
  await poster.talk(shareToken).addComment({ videoId, text: 'before', momentSeconds: 1 });
  await expect.poll(() => stream.comments, { timeout: 10_000 }).toEqual(['before']);
  await revoke();
  const revokedAt = Date.now();
  await poster.talk(shareToken).addComment({ videoId, text: 'after', momentSeconds: 2 });
  const ended = await stream.end(HEARTBEAT_MS + 10_000);
  expect(ended.code).toBe(code);
  expect(ended.at - revokedAt).toBeLessThan(AT_ONCE_MS);
  expect(stream.comments).toEqual(['before']);
}

describe('a live conversation stream', () => {
  it('ends (permission_denied) when an admin disables the member watching it', async () => {
    const owner = await signedInPerson(server.baseUrl, emulator.host, 'Olive Owner');
    const member = await signedInPerson(server.baseUrl, emulator.host, 'Max Member');
    const { videoId } = await teamVideo(owner, member);
    const stream = await watchConversation(member.talk(), videoId);
    await endsAtOnce(
      stream,
      owner,
      videoId,
      () => adminClient(server.baseUrl, admin.user.idToken).setPersonDisabled({ uid: member.user.uid, disabled: true }),
      Code.PermissionDenied,
    );
  });

  it('ends (unauthenticated) when the API key it was opened with is revoked', async () => {
    const owner = await signedInPerson(server.baseUrl, emulator.host, 'Kai Keys');
    const videoId = await videoOf(owner, 'Keyed');
    const keys = apiKeyClient(server.baseUrl, owner.user.idToken);
    const { key, secret } = await keys.createApiKey({ name: 'watcher' });
    const stream = await watchConversation(conversationClient(server.baseUrl, { token: secret }), videoId);
    await endsAtOnce(stream, owner, videoId, () => keys.revokeApiKey({ id: key!.id }), Code.Unauthenticated);
  });

  // Signed out, every call answers unauthenticated for a video it may not read, whether it exists or not.
  it('ends for a signed-in viewer (not_found) and a signed-out link holder (unauthenticated) when the video is made private', async () => {
    const owner = await signedInPerson(server.baseUrl, emulator.host, 'Pat Public');
    const viewer = await signedInPerson(server.baseUrl, emulator.host, 'Vic Viewer');
    const videoId = await videoOf(owner, 'Open talk');
    const link = await owner.videos.shareVideo({ videoId });
    const shareToken = new URL(link.url).pathname.split('/').pop()!;
    await owner.videos.updateVideo({ videoId, title: 'Open talk', visibility: Visibility.PUBLIC });
    const signedIn = await watchConversation(viewer.talk(), videoId);
    const signedOut = await watchConversation(conversationClient(server.baseUrl, { shareToken }), videoId);
    await endsAtOnce(
      signedIn,
      owner,
      videoId,
      () => owner.videos.updateVideo({ videoId, title: 'Open talk', visibility: Visibility.PRIVATE }),
      Code.NotFound,
    );
    expect((await signedOut.end(5_000)).code).toBe(Code.Unauthenticated);
    expect(signedOut.comments).toEqual(['before']);
  });

  it('ends (not_found) when the member watching a team video is removed from the team', async () => {
    const owner = await signedInPerson(server.baseUrl, emulator.host, 'Tess Team');
    const member = await signedInPerson(server.baseUrl, emulator.host, 'Rex Removed');
    const { teamId, videoId } = await teamVideo(owner, member);
    const stream = await watchConversation(member.talk(), videoId);
    await endsAtOnce(
      stream,
      owner,
      videoId,
      () => owner.teams.removeMember({ teamId, uid: member.user.uid }),
      Code.NotFound,
    );
  });

  it('ends (unauthenticated, as for any call signed out) for a link holder when the owner resets the link', async () => {
    const owner = await signedInPerson(server.baseUrl, emulator.host, 'Lin Links');
    const videoId = await videoOf(owner, 'Linked');
    const link = await owner.videos.shareVideo({ videoId });
    const shareToken = new URL(link.url).pathname.split('/').pop()!;
    const stream = await watchConversation(conversationClient(server.baseUrl, { shareToken }), videoId);
    await endsAtOnce(
      stream,
      owner,
      videoId,
      () => owner.videos.shareVideo({ videoId, newLink: true }),
      Code.Unauthenticated,
    );
  });

  it('ends (unauthenticated) when the ID token it was opened with expires', async () => {
    const owner = await signedInPerson(server.baseUrl, emulator.host, 'Eve Expiring');
    const videoId = await videoOf(owner, 'Short token');
    const token = tokenExpiringIn(owner.user.idToken, 6);
    const expiresAt = Date.now() + 6_000;
    const stream = await watchConversation(conversationClient(server.baseUrl, { token }), videoId);
    await owner.talk().addComment({ videoId, text: 'while good', momentSeconds: 1 });
    const ended = await stream.end(HEARTBEAT_MS + 20_000);
    expect(ended.code).toBe(Code.Unauthenticated);
    expect(ended.at - expiresAt).toBeLessThan(AT_ONCE_MS);
    expect(stream.comments).toEqual(['while good']);
    // The same token is refused by every other call too.
    await expect(conversationClient(server.baseUrl, { token }).listComments({ videoId })).rejects.toMatchObject({
      code: Code.Unauthenticated,
    });
  });

  it('goes on for the people a revocation does not concern', async () => {
    const owner = await signedInPerson(server.baseUrl, emulator.host, 'Ned Neighbour');
    const member = await signedInPerson(server.baseUrl, emulator.host, 'Stay Member');
    const other = await signedInPerson(server.baseUrl, emulator.host, 'Gone Member');
    const { teamId, videoId } = await teamVideo(owner, member);
    const { token } = await owner.teams.createInvite({ teamId, role: TeamRole.MEMBER });
    await other.teams.acceptInvite({ token });
    const staying = await watchConversation(member.talk(), videoId);
    const leaving = await watchConversation(other.talk(), videoId);
    await owner.teams.removeMember({ teamId, uid: other.user.uid });
    expect((await leaving.end(AT_ONCE_MS)).code).toBe(Code.NotFound);
    await owner.talk().addComment({ videoId, text: 'still here', momentSeconds: 1 });
    await expect.poll(() => staying.comments, { timeout: 10_000 }).toEqual(['still here']);
    expect(staying.ended()).toBeUndefined();
  });
});
