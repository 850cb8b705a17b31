import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { createTestUser } from '@stream/auth/testing';
import { Status, TeamRole, TeamService } from '@stream/proto';
import { createVideoTransport } from '@stream/video-api';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { enterEmail, enterPassword, launchBrowser, newPage, newSignedInPage, type SignedInPage } from '../index';
import { makeTestWebm, uploadVideo, videoClient, waitUntilProcessed } from '../library/library-fixtures';

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');

let browser: Browser;
let ann: SignedInPage;
let videoId: string;

beforeAll(async () => {
  let webm;
  [browser, webm] = await Promise.all([launchBrowser(), makeTestWebm(3)]);
  ann = await newSignedInPage(browser, { baseUrl, emulatorHost, displayName: 'Ann Owner' });
  videoId = await uploadVideo(baseUrl, ann.user.idToken, webm);
  const video = await waitUntilProcessed(baseUrl, ann.user.idToken, videoId);
  if (video.status !== Status.READY) throw new Error(`processing failed: ${video.failureReason}`);
  await videoClient(baseUrl, ann.user.idToken).updateVideo({ videoId, title: 'Team sync' });
}, 180_000);

afterAll(async () => {
  await ann?.page.context().close();
  await browser?.close();
});

const refusal = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (error: unknown) => ConnectError.from(error).code,
  );

/** Plays the video on `page` and resolves once it has played past half a second. */
async function plays(page: Page) {
  const video = page.locator('video').first();
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.5);
}

// Teams: two people in Chromium, a team, an invite link, a shared video, a removal.
it('A creates a team and invites B by link; B joins, sees and plays A’s team video but cannot delete it; removed, B loses it', async () => {
  const a = ann.page;
  await a.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });

  // A creates a team and copies an invite link.
  await a.goto(`${baseUrl}/team`);
  await a.getByRole('button', { name: 'Create team' }).click();
  const create = a.getByRole('dialog', { name: 'Create team' });
  await expect
    .poll(() => create.getByRole('textbox', { name: 'Team name' }).evaluate((e) => e === document.activeElement))
    .toBe(true);
  await a.keyboard.type('Launch crew');
  await a.keyboard.press('Enter');
  await a.getByRole('heading', { level: 2, name: 'Launch crew' }).waitFor();
  await a.getByRole('button', { name: 'Create invite link' }).click();
  const linkField = a.getByRole('textbox', { name: 'Invite link' });
  await expect.poll(() => linkField.inputValue()).toMatch(/\/invite\/[\w-]{43}$/);
  await a.getByRole('button', { name: 'Copy', exact: true }).click();
  await a.getByRole('button', { name: 'Copied' }).waitFor();
  const inviteLink = await a.evaluate(() => navigator.clipboard.readText());
  expect(inviteLink).toBe(await linkField.inputValue());

  // B opens it signed out, sees the team's name, signs in and comes back to join.
  const bob = await createTestUser(emulatorHost, { displayName: 'Bob Member' });
  const b = await newPage(browser);
  await b.goto(inviteLink.replace(/^https?:\/\/[^/]+/, baseUrl));
  await b.getByRole('heading', { name: 'Join Launch crew' }).waitFor();
  await b.getByRole('link', { name: 'Sign in or sign up to join' }).click();
  await enterEmail(b, bob.email);
  await enterPassword(b, bob.password);
  await b.getByRole('button', { name: 'Join team' }).click();
  await b.waitForURL(/\/videos\?space=/);
  const teamId = new URL(b.url()).searchParams.get('space')!;

  // A moves the video into the team from its page.
  await a.goto(`${baseUrl}/video/${videoId}`);
  await a.getByRole('button', { name: 'Move to team' }).click();
  const move = a.getByRole('dialog', { name: 'Move to team' });
  await move.getByRole('combobox', { name: 'Library' }).selectOption({ label: 'Launch crew' });
  await move.getByRole('button', { name: 'Move' }).click();
  // The dialog says where it went, then closes with Done.
  await move.getByRole('status').filter({ hasText: 'Moved to Launch crew.' }).waitFor();
  await move.getByRole('button', { name: 'Done' }).click();
  await move.waitFor({ state: 'detached' });
  expect((await videoClient(baseUrl, ann.user.idToken).getVideo({ videoId })).teamId).toBe(teamId);

  // B sees it in the team's library (the space survives a reload), plays it, and has no Delete.
  await b.reload();
  await b.getByRole('button', { name: 'Space: Launch crew' }).waitFor();
  const card = b.getByRole('link', { name: /Team sync/ }).first();
  await card.waitFor();
  // The heading names the team; selected, A's video gets no bulk Delete or Move to team, and the bar says why.
  await b.getByRole('heading', { level: 1, name: 'Launch crew videos' }).waitFor();
  await b.getByRole('checkbox', { name: 'Select Team sync' }).first().check();
  const bar = b.getByRole('toolbar', { name: 'Selected videos' });
  await bar.getByText(/^This is not yours/).waitFor();
  expect(await bar.getByRole('button', { name: 'Delete' }).count()).toBe(0);
  // Nor Move to team: a member may not move a mate's video (the server's Video.caller_rights say so).
  expect(await bar.getByRole('button', { name: 'Move to team' }).count()).toBe(0);
  await bar.getByRole('button', { name: 'Clear selection' }).click();
  await b.getByRole('button', { name: 'Actions for Team sync' }).click();
  await b.getByRole('menu', { name: 'Actions for Team sync' }).waitFor();
  expect(await b.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
  await b.keyboard.press('Escape');
  await card.click();
  await b.getByRole('heading', { level: 1, name: 'Team sync' }).waitFor();
  await plays(b);
  expect(await b.getByRole('button', { name: 'Delete' }).count()).toBe(0);
  const asBob = videoClient(baseUrl, bob.idToken);
  const stream = () =>
    fetch(`${baseUrl}/api/videoservice/video/${videoId}`, {
      headers: { authorization: `Bearer ${bob.idToken}`, range: 'bytes=0-99' },
    });
  expect((await stream()).status).toBe(206);
  // Refused as for a stranger's video (not_found) or by role (permission_denied): either way, still there.
  expect([Code.NotFound, Code.PermissionDenied]).toContain(await refusal(asBob.deleteVideo({ videoId })));
  expect((await videoClient(baseUrl, ann.user.idToken).getVideo({ videoId })).id).toBe(videoId);

  // A removes B from the team.
  await a.goto(`${baseUrl}/team?team=${teamId}`);
  await a.getByRole('cell', { name: 'Bob Member', exact: true }).waitFor();
  await a.getByRole('button', { name: 'Remove Bob Member' }).click();
  await a.getByRole('dialog', { name: 'Remove member?' }).getByRole('button', { name: 'Remove' }).click();
  await expect.poll(() => a.getByRole('cell', { name: 'Bob Member', exact: true }).count()).toBe(0);

  // B can no longer get, list or stream it.
  expect(await refusal(asBob.getVideo({ videoId }))).toBe(Code.NotFound);
  const listed = await asBob.listVideos({ teamId, pageSize: 50 }).then(
    (answer) => answer.videos.map((v) => v.id),
    () => [],
  );
  expect(listed).not.toContain(videoId);
  expect((await stream()).status).toBe(404);
  const teams = createClient(TeamService, createVideoTransport({ baseUrl, getToken: () => bob.idToken }));
  expect((await teams.listMyTeams({})).teams).toEqual([]);
  await b.reload();
  await b.getByRole('heading', { level: 1, name: 'Team sync' }).waitFor({ state: 'detached' });
  await b.context().close();
}, 240_000);

// A team admin adds a webhook on /team, sends it a test and sees it delivered.
// The shared API runs with WEBHOOK_ALLOW_PRIVATE=1 (global-setup), so a receiver on 127.0.0.1 is allowed.
it('a team admin adds a webhook on /team, sends a test delivery and sees it listed as delivered', async () => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/stream-hook`;
  const ada = await newSignedInPage(browser, { baseUrl, emulatorHost, displayName: 'Ada Admin' });
  try {
    const asAnn = createClient(TeamService, createVideoTransport({ baseUrl, getToken: () => ann.user.idToken }));
    const team = await asAnn.createTeam({ name: 'Hook crew' });
    const { token } = await asAnn.createInvite({ teamId: team.id, role: TeamRole.ADMIN });
    await createClient(TeamService, createVideoTransport({ baseUrl, getToken: () => ada.user.idToken })).acceptInvite({
      token,
    });

    const page = ada.page;
    await page.goto(`${baseUrl}/team?team=${team.id}`);
    const section = page.getByRole('region', { name: 'Webhooks' });
    await section.getByText('No webhooks yet.').waitFor();
    await section.getByRole('textbox', { name: 'Webhook URL' }).fill(hookUrl);
    await section.getByRole('checkbox', { name: 'Video ready' }).check();
    await section.getByRole('button', { name: 'Add webhook' }).click();
    const secret = await section.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await section.getByRole('button', { name: 'Done' }).click();
    await section.getByRole('list', { name: 'Hook crew’s webhooks' }).getByText(hookUrl, { exact: true }).waitFor();

    await section.getByRole('button', { name: `Send a test delivery to ${hookUrl}` }).click();
    const row = section.getByRole('table', { name: 'Latest deliveries' }).getByRole('row').nth(1);
    await expect
      .poll(() => row.getByRole('cell').allTextContents(), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(['Test', 'delivered', '1', '204']));
    // What the receiver got is signed with the secret the page showed once.
    expect(received).toHaveLength(1);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(received[0]!.headers['stream-signature'])) ?? [];
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${received[0]!.body}`).digest('hex'));
    expect(JSON.parse(received[0]!.body)).toMatchObject({ event: 'webhook.test' });
  } finally {
    await ada.page.context().close();
    await new Promise((resolve) => receiver.close(resolve));
  }
}, 120_000);
