// Invites by mail through the real server and a real SMTP server on 127.0.0.1
// (smtp-server), reading what arrived: the link, in text and HTML, the team's name escaped; a bad
// address, a refused recipient and a member without the right to invite each change nothing and
// send nothing. (Without SMTP_URL: team-rpc.test.ts.)
import { Code } from '@connectrpc/connect';
import { TeamRole } from '@stream/proto';
import type { AuthEmulator } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { startTestSmtp, type TestSmtp } from '../support/smtp';
import { startTestServer, type TestServer } from '../support/test-server';
import { failure } from '../support/rpc-failure';
import { signedInPerson } from '../support/people';

const PUBLIC_URL = 'https://stream.example.com';

let emulator: AuthEmulator;
let smtp: TestSmtp;
let server: TestServer;
beforeAll(async () => {
  [emulator, smtp] = await Promise.all([startAuthEmulator(), startTestSmtp({ refuse: ['nobody@example.com'] })]);
  server = await startTestServer({
    database: 'pglite',
    emulatorHost: emulator.host,
    env: { SMTP_URL: smtp.url, PUBLIC_URL },
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await smtp?.stop();
  await emulator?.stop();
});

const someone = (displayName?: string) => signedInPerson(server.baseUrl, emulator.host, displayName);

const invites = () => server.database.db.selectFrom('team_invites').selectAll().orderBy('id').execute();

describe('invites by mail', () => {
  it('mails the link in text and HTML, the team name escaped, and the link lets the person in', async () => {
    const a = await someone('Ann <Owner>');
    const bob = await someone();
    const team = await a.teams.createTeam({ name: `<b>"Ops" & Co</b>` });
    expect((await a.teams.getTeam({ teamId: team.id })).mailEnabled).toBe(true);

    const made = await a.teams.createInvite({ teamId: team.id, email: ` ${bob.user.email} `, role: TeamRole.ADMIN });
    expect(made.mailed).toBe(true);
    expect(made.url).toBe(`${PUBLIC_URL}/invite/${made.token}`);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to && !Array.isArray(mail.to) && mail.to.value.map((to) => to.address)).toEqual([bob.user.email]);
    expect(mail.from?.value[0]?.address).toBe('no-reply@stream.example.com');
    expect(mail.subject).toBe(`Ann <Owner> invited you to <b>"Ops" & Co</b> on Stream`);
    expect(mail.text).toContain(`Open this link to join: ${made.url}`);
    expect(mail.text).toContain('as an admin');
    expect(mail.html).toContain(`<a href="${made.url}">`);
    expect(mail.html).toContain('&lt;b&gt;&quot;Ops&quot; &amp; Co&lt;/b&gt;');
    expect(mail.html).toContain('Ann &lt;Owner&gt;');
    expect(mail.html).not.toContain('<b>"Ops"');

    expect((await bob.teams.acceptInvite({ token: made.token })).role).toBe(TeamRole.ADMIN);
  });

  it('a bad address, a refused recipient or a member without the right: a clear error, no invite, no mail', async () => {
    const a = await someone();
    const member = await someone();
    const team = await a.teams.createTeam({ name: 'Quiet' });
    await member.teams.acceptInvite({ token: (await a.teams.createInvite({ teamId: team.id })).token });
    const before = await invites();
    const sent = smtp.received.length;

    const refused = await Promise.all([
      failure(a.teams.createInvite({ teamId: team.id, email: 'not an address' })),
      failure(a.teams.createInvite({ teamId: team.id, email: 'a@example.com, b@example.com' })),
      failure(a.teams.createInvite({ teamId: team.id, email: 'evil@example.com\r\nBcc: x@example.com' })),
      failure(a.teams.createInvite({ teamId: team.id, email: `${'x'.repeat(250)}@example.com` })),
      failure(member.teams.createInvite({ teamId: team.id, email: 'friend@example.com' })),
    ]);
    expect(refused.map((r) => r.code)).toEqual([
      Code.InvalidArgument,
      Code.InvalidArgument,
      Code.InvalidArgument,
      Code.InvalidArgument,
      Code.PermissionDenied,
    ]);
    expect(refused[0]!.message).toBe('email must be one email address, like ann@example.com');

    // The SMTP server refuses the recipient: unavailable, and the invite made for it is gone.
    expect(await failure(a.teams.createInvite({ teamId: team.id, email: 'nobody@example.com' }))).toEqual({
      code: Code.Unavailable,
      message: 'The invite mail could not be sent, so no invite was made: try again, or copy an invite link instead',
    });
    expect(await invites()).toEqual(before);
    expect(smtp.received).toHaveLength(sent);
  });
});
