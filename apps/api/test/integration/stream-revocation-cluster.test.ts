// Revocations across API processes on one PostgreSQL: a change made through one API (an admin
// disabling a person, an owner taking a video out of a team) reaches a stream held open on the other at
// once, by the NOTIFY of the conversation channel, not at its next 15 s heartbeat; and a comment
// posted after the change never reaches that stream (one LISTEN hears both, in commit order).
import { Code } from '@connectrpc/connect';
import type { AuthEmulator } from '@stream/auth/testing';
import { TeamRole } from '@stream/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARTBEAT_MS } from '../../src/conversation/conversation-stream';
import { startAuthEmulator } from '../support/auth-emulator';
import { adminClient } from '../support/admin-clients';
import { signedInPerson, type Person } from '../support/people';
import { startTestServer, type TestServer } from '../support/test-server';
import { watchConversation } from '../support/watched-conversation';

let emulator: AuthEmulator;
let first: TestServer;
let second: TestServer;
let admin: Person;

const AT_ONCE_MS = HEARTBEAT_MS - 5_000;

beforeAll(async () => {
  emulator = await startAuthEmulator();
  first = await startTestServer({ database: 'postgres', emulatorHost: emulator.host });
  const url = (first.database as { url?: string }).url!;
  second = await startTestServer({ database: 'postgres', emulatorHost: emulator.host, sharedPostgresUrl: url });
  admin = await signedInPerson(second.baseUrl, emulator.host, 'Ada Admin');
  await admin.videos.listVideos({ pageSize: 1 }); // the first account: the instance's admin
}, 120_000);
afterAll(async () => {
  await second?.close();
  await first?.close();
  await emulator?.stop();
});

async function teamVideo() {
  const owner = await signedInPerson(second.baseUrl, emulator.host, 'Olive Owner');
  const member = await signedInPerson(first.baseUrl, emulator.host, 'Max Member');
  const team = await owner.teams.createTeam({ name: 'Crew' });
  const { token } = await owner.teams.createInvite({ teamId: team.id, role: TeamRole.MEMBER });
  await member.teams.acceptInvite({ token });
  const video = await owner.videos.createVideo({ title: 'Team talk', url: 'https://example.com/v.mp4' });
  await first.database.db.updateTable('videos').set({ duration_seconds: 60 }).where('id', '=', video.id).execute();
  await owner.teams.moveVideoToTeam({ videoId: video.id, teamId: team.id });
  return { owner, member, videoId: video.id };
}

describe('a stream on one API, a revocation through the other', () => {
  it.each([
    {
      what: 'the admin disables the member',
      code: Code.PermissionDenied,
      revoke: (owner: Person, member: Person) =>
        adminClient(second.baseUrl, admin.user.idToken).setPersonDisabled({ uid: member.user.uid, disabled: true }),
    },
    {
      what: 'the owner takes the video out of the team',
      code: Code.NotFound,
      revoke: (owner: Person, _member: Person, videoId: string) => owner.teams.moveVideoToTeam({ videoId, teamId: '' }),
    },
  ])('ends at once when $what, before any later comment', async ({ code, revoke }) => {
    const { owner, member, videoId } = await teamVideo();
    const stream = await watchConversation(member.talk(), videoId);
    await owner.talk().addComment({ videoId, text: 'before', momentSeconds: 1 });
    await expect.poll(() => stream.comments, { timeout: 10_000 }).toEqual(['before']);
    await revoke(owner, member, videoId);
    const revokedAt = Date.now();
    await owner.talk().addComment({ videoId, text: 'after', momentSeconds: 2 });
    const ended = await stream.end(HEARTBEAT_MS + 10_000);
    expect(ended.code).toBe(code);
    expect(ended.at - revokedAt).toBeLessThan(AT_ONCE_MS);
    expect(stream.comments).toEqual(['before']);
  });
});
