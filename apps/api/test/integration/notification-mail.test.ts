// Notifications by mail through the real server, the Auth emulator and a real
// SMTP server on 127.0.0.1: at once, as the daily digest (its job run directly), or off, as each
// person chose in /settings (AccountService.SetDefaults); the mail links to the moment, shows a
// comment that looks like HTML as text, carries the instance's branding, and nobody is mailed for
// their own actions. (Without SMTP_URL the account says mail is unavailable: the last case.)
import { Code } from '@connectrpc/connect';
import { NotificationMail } from '@stream/proto';
import type { AuthEmulator } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { DIGEST_CRON, DIGEST_QUEUE } from '../../src/wiring/mail-wiring';
import { BrandingService } from '../../src/admin/branding.service';
import { createSmtpMailer } from '../../src/platform/mail/mailer';
import { NotificationMailService } from '../../src/conversation/notification-mail.service';
import { accountClient } from '../support/account-client';
import { adminClient } from '../support/admin-clients';
import { startAuthEmulator } from '../support/auth-emulator';
import { signedInPerson } from '../support/people';
import { failureCode } from '../support/rpc-failure';
import { startTestSmtp, type TestSmtp } from '../support/smtp';
import { startTestServer, type TestServer } from '../support/test-server';
import { until } from '../support/until';

const PUBLIC_URL = 'https://stream.example.com';
const XSS = 'Look <img src=x onerror=alert(1)> & <script>alert(2)</script>';

let emulator: AuthEmulator;
let smtp: TestSmtp;
let server: TestServer;
beforeAll(async () => {
  [emulator, smtp] = await Promise.all([startAuthEmulator(), startTestSmtp()]);
  server = await startTestServer({
    database: 'pglite',
    emulatorHost: emulator.host,
    env: { SMTP_URL: smtp.url, PUBLIC_URL },
  });
  await server.database.db
    .insertInto('instance_settings')
    .values({ name: 'branding', value: JSON.stringify({ productName: 'Acme Video', accentColor: '#aa3300' }) })
    .execute();
  // Written behind the server's back, as another API process would: it reaches this one once its
  // few seconds' cache of the branding (read for the pages' img-src since start) runs out.
  const reader = await signedInPerson(server.baseUrl, emulator.host, 'Branding reader');
  await until('the branding to reach the server', async () =>
    (await adminClient(server.baseUrl, reader.user.idToken).getBranding({})).productName === 'Acme Video'
      ? true
      : undefined,
  );
}, 120_000);
afterAll(async () => {
  await server?.close();
  await smtp?.stop();
  await emulator?.stop();
});

async function someone(displayName: string) {
  const person = await signedInPerson(server.baseUrl, emulator.host, displayName);
  const account = accountClient(server.baseUrl, person.user.idToken);
  await account.getAccount({});
  return { ...person, account };
}
type Someone = Awaited<ReturnType<typeof someone>>;

/** A shared 10-second video of `owner`'s: its id and share token. */
async function videoOf(owner: Someone, title = 'Demo') {
  const video = await owner.videos.createVideo({ title, url: 'https://example.com/demo.mp4' });
  await server.database.db.updateTable('videos').set({ duration_seconds: 10 }).where('id', '=', video.id).execute();
  const link = await owner.videos.shareVideo({ videoId: video.id });
  return { id: video.id, shareToken: new URL(link.url).pathname.split('/').pop()! };
}

const mailsTo = (address: string) =>
  smtp.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value[0]?.address === address);

/** Waits for `count` mails to `address`, then a moment more to be sure no other comes. */
async function mailed(address: string, count: number) {
  await until(`${count} mails to ${address}`, () => (mailsTo(address).length >= count ? true : undefined), 10_000);
  await new Promise((resolve) => setTimeout(resolve, 300));
  return mailsTo(address);
}

/** The daily digest job as pg-boss runs it, over the server's database and the test SMTP server. */
function digestJob() {
  const mailer = createSmtpMailer({ smtpUrl: smtp.url, from: 'Stream <no-reply@stream.example.com>' });
  const service = new NotificationMailService({
    db: server.database.db,
    mailer,
    branding: new BrandingService({ db: server.database.db }),
    publicUrl: PUBLIC_URL,
    log: pino({ level: 'silent' }),
  });
  return service.sendDigests().finally(() => mailer.close());
}

describe('notification mail', () => {
  it('mails the owner at once: the moment linked, HTML-looking text as text, the branding, none for oneself', async () => {
    const owner = await someone('Olive <Owner>');
    const viewer = await someone('Vic');
    const video = await videoOf(owner, 'Launch "plan" <b>');
    expect((await owner.account.getAccount({})).notificationMail).toBe(NotificationMail.IMMEDIATE);
    expect((await owner.account.getAccount({})).notificationMailAvailable).toBe(true);

    await owner.talk().addComment({ videoId: video.id, text: 'my own note', momentSeconds: 1 });
    await owner.talk().addReaction({ videoId: video.id, emoji: '👍', momentSeconds: 1 });
    const comment = await viewer
      .talk(video.shareToken)
      .addComment({ videoId: video.id, text: XSS, momentSeconds: 3.4 });

    const [mail, ...more] = await mailed(owner.user.email, 1);
    expect(more).toEqual([]); // the owner's own comment and reaction mailed nobody
    expect(mail!.subject).toBe('Vic commented on “Launch "plan" <b>”');
    const link = `${PUBLIC_URL}/video/${video.id}?t=3`;
    expect(mail!.text).toContain(`Open it: ${link}`);
    expect(mail!.text).toContain(`> ${XSS}`);
    expect(mail!.text).toContain('at 0:03');
    expect(mail!.html).toContain(`href="${link}"`);
    expect(mail!.html).toContain('Look &lt;img src=x onerror=alert(1)&gt; &amp; &lt;script&gt;alert(2)&lt;/script&gt;');
    expect(mail!.html).not.toMatch(/<img src=x|<script>/);
    expect(mail!.html).toContain('Launch &quot;plan&quot; &lt;b&gt;');
    expect(mail!.html).toContain('Acme Video');
    expect(mail!.html).toContain('#aa3300');

    // A reply reaches the comment's author (and the owner); the replier is mailed nothing.
    await owner.talk().addComment({ videoId: video.id, text: 'Thanks!', momentSeconds: 3, parentId: comment.id });
    const [reply] = await mailed(viewer.user.email, 1);
    expect(reply!.subject).toBe('Olive <Owner> replied on “Launch "plan" <b>”');
    expect(reply!.text).toContain('> Thanks!');
    expect(mailsTo(owner.user.email)).toHaveLength(1);

    await viewer.talk(video.shareToken).addReaction({ videoId: video.id, emoji: '🎉', momentSeconds: 9 });
    const reaction = (await mailed(owner.user.email, 2))[1]!;
    expect(reaction.subject).toBe('Vic reacted 🎉 to “Launch "plan" <b>”');
    expect(reaction.text).toContain(`${PUBLIC_URL}/video/${video.id}?t=9`);
  });

  it('a digest person gets nothing at once, then one mail listing the day when the job runs; and only once', async () => {
    const owner = await someone('Dee');
    const viewer = await someone('Walt');
    const video = await videoOf(owner, 'Weekly');
    const account = await owner.account.setDefaults({ notificationMail: NotificationMail.DIGEST });
    expect(account.notificationMail).toBe(NotificationMail.DIGEST);
    // A second video of someone who wants mail at once: the digest run leaves them alone.
    const other = await someone('Ivy');
    const otherVideo = await videoOf(other);

    await viewer.talk(video.shareToken).addComment({ videoId: video.id, text: 'First <i>', momentSeconds: 2 });
    await viewer.talk(video.shareToken).addReaction({ videoId: video.id, emoji: '❤️', momentSeconds: 5 });
    await viewer.talk(otherVideo.shareToken).addComment({ videoId: otherVideo.id, text: 'hi', momentSeconds: 0 });
    await mailed(other.user.email, 1);
    expect(mailsTo(owner.user.email)).toEqual([]);

    expect(await digestJob()).toBeGreaterThanOrEqual(1);
    const [digest, ...more] = mailsTo(owner.user.email);
    expect(more).toEqual([]);
    expect(digest!.subject).toBe('Acme Video: 2 new notifications');
    expect(digest!.text).toContain('Walt commented on “Weekly” at 0:02');
    expect(digest!.text).toContain(`${PUBLIC_URL}/video/${video.id}?t=2`);
    expect(digest!.text).toContain('Walt reacted ❤️ to “Weekly” at 0:05');
    expect(digest!.html).toContain('First &lt;i&gt;');
    expect(mailsTo(other.user.email)).toHaveLength(1);

    await digestJob();
    expect(mailsTo(owner.user.email)).toHaveLength(1);

    // pg-boss queues the job each day by itself.
    const schedules = await server.database.executor.executeSql('select name, cron from pgboss.schedule', []);
    expect(schedules.rows).toContainEqual({ name: DIGEST_QUEUE, cron: DIGEST_CRON });
  });

  it('off: no mail at once and none in a digest, even after switching to a digest later', async () => {
    const owner = await someone('Otto');
    const viewer = await someone('Pat');
    const video = await videoOf(owner);
    await owner.account.setDefaults({ notificationMail: NotificationMail.DIGEST });
    await viewer.talk(video.shareToken).addComment({ videoId: video.id, text: 'pending', momentSeconds: 1 });
    await owner.account.setDefaults({ notificationMail: NotificationMail.OFF });
    await viewer.talk(video.shareToken).addComment({ videoId: video.id, text: 'while off', momentSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await owner.account.setDefaults({ notificationMail: NotificationMail.DIGEST });
    await digestJob();
    expect(mailsTo(owner.user.email)).toEqual([]);
    // The bell still has them: mail is one more way, not the only one.
    expect((await owner.talk().listNotifications({})).unreadCount).toBe(2);
  });

  it('refuses an unknown choice and changes nothing', async () => {
    const person = await someone('Quinn');
    expect(await failureCode(person.account.setDefaults({ notificationMail: 7 as NotificationMail }))).toBe(
      Code.InvalidArgument,
    );
    expect((await person.account.getAccount({})).notificationMail).toBe(NotificationMail.IMMEDIATE);
  });
});

describe('without SMTP_URL', () => {
  it('the account says mail is unavailable, and the choice is kept for when it is', async () => {
    const plain = await startTestServer({ database: 'pglite', emulatorHost: emulator.host });
    try {
      const person = await signedInPerson(plain.baseUrl, emulator.host, 'Ray');
      const account = accountClient(plain.baseUrl, person.user.idToken);
      expect((await account.getAccount({})).notificationMailAvailable).toBe(false);
      const set = await account.setDefaults({ notificationMail: NotificationMail.DIGEST });
      expect(set.notificationMail).toBe(NotificationMail.DIGEST);
      expect(set.notificationMailAvailable).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
