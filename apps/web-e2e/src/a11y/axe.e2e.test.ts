import { createClient } from '@connectrpc/connect';
import { ConversationService, REACTION_EMOJI, ShareLinkService, Status, TeamService, Visibility } from '@stream/proto';
import { createVideoTransport } from '@stream/video-api';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from '../harness/axe';
import { launchBrowser, newPage, newSignedInPage, type SignedInPage } from '../index';
import { makeTestWebm, uploadVideo, videoClient, waitUntilProcessed } from '../library/library-fixtures';

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

let browser: Browser;
let owner: SignedInPage;
let videoId: string;
let shareUrl: string;
let invitePath: string;
let teamId: string;
let gatedPath: string;

beforeAll(async () => {
  let webm;
  [browser, webm] = await Promise.all([launchBrowser(), makeTestWebm(4)]);
  owner = await newSignedInPage(browser, { baseUrl, emulatorHost, displayName: 'Axe Owner' });
  videoId = await uploadVideo(baseUrl, owner.user.idToken, webm);
  const video = await waitUntilProcessed(baseUrl, owner.user.idToken, videoId);
  if (video.status !== Status.READY) throw new Error(`processing failed: ${video.failureReason}`);
  const client = videoClient(baseUrl, owner.user.idToken);
  shareUrl = (await client.shareVideo({ videoId })).url;
  await client.updateVideo({
    videoId,
    title: video.title,
    description: 'A clip for the checks',
    visibility: Visibility.PUBLIC,
  });
  // A team with an invite: /team shows its members and invites, the invite page its name.
  const transport = createVideoTransport({ baseUrl, getToken: () => owner.user.idToken });
  const teams = createClient(TeamService, transport);
  const team = await teams.createTeam({ name: 'Axe team' });
  teamId = team.id;
  // A conversation, so the pages draw the moments' timeline, reaction counts and a comment; and a
  // link that asks a password, whose page is served instead of the watch page.
  const talk = createClient(ConversationService, transport);
  await talk.addComment({ videoId, text: 'A comment for the checks', momentSeconds: 1 });
  await talk.addReaction({ videoId, emoji: REACTION_EMOJI[0]!, momentSeconds: 2 });
  const gated = await createClient(ShareLinkService, transport).createShareLink({
    videoId,
    name: 'Gated',
    password: 'axe-secret-1',
  });
  gatedPath = new URL(gated.url).pathname;
  await teams.createInvite({ teamId: team.id });
  invitePath = `/invite/${(await teams.createInvite({ teamId: team.id })).token}`;
}, 180_000);

afterAll(async () => {
  await owner?.page.context().close();
  await browser?.close();
});

/** Each page and what shows that it has finished loading. */
const signedOutPages = () => [
  { path: '/login', ready: (p: Page) => p.getByRole('button', { name: 'Sign in with email' }) },
  { path: `/watch/${videoId}`, ready: (p: Page) => p.getByRole('button', { name: 'Play', exact: true }) },
  { path: new URL(shareUrl).pathname, ready: (p: Page) => p.getByRole('button', { name: 'Play', exact: true }) },
  { path: invitePath, ready: (p: Page) => p.getByRole('heading', { name: 'Join Axe team' }) },
  { path: `/invite/${'x'.repeat(43)}`, ready: (p: Page) => p.getByRole('heading', { name: /does not exist/ }) },
  {
    path: new URL(shareUrl).pathname.replace('/s/', '/embed/'),
    ready: (p: Page) => p.getByRole('button', { name: 'Play', exact: true }),
  },
  { path: gatedPath, ready: (p: Page) => p.getByRole('heading', { name: 'This video is protected' }) },
  { path: '/login?notice=account-deleted', ready: (p: Page) => p.getByText('Your account was deleted.') },
  { path: '/no-such-page', ready: (p: Page) => p.getByRole('heading', { name: 'Page not found' }) },
];
const signedInPages = () => [
  { path: '/', ready: (p: Page) => p.getByRole('heading', { name: 'Welcome to Stream' }) },
  { path: '/team', ready: (p: Page) => p.getByRole('button', { name: 'Create invite link' }) },
  { path: invitePath, ready: (p: Page) => p.getByRole('button', { name: 'Join team' }) },
  { path: '/record', ready: (p: Page) => p.getByRole('heading', { level: 1 }) },
  { path: '/videos', ready: (p: Page) => p.getByRole('link', { name: /Recording/ }).first() },
  { path: `/video/${videoId}`, ready: (p: Page) => p.getByText(/^Uploaded on /) },
  { path: '/settings', ready: (p: Page) => p.getByRole('heading', { name: 'Settings' }) },
  { path: '/profile', ready: (p: Page) => p.getByText(/^Email verified/) },
  { path: '/notifications', ready: (p: Page) => p.getByRole('heading', { name: 'Notifications' }) },
  // Whether this server makes the owner an admin or not, the page has finished loading.
  {
    path: '/admin',
    ready: (p: Page) =>
      p.getByRole('heading', { name: 'People' }).or(p.getByText("This page is for the instance's admins.")),
  },
  { path: `/videos?space=${teamId}`, ready: (p: Page) => p.getByText(/^No videos in this team yet\./) },
  { path: `/watch/${videoId}`, ready: (p: Page) => p.getByRole('button', { name: 'Play', exact: true }) },
  { path: '/login', ready: (p: Page) => p.getByRole('heading', { name: 'You are logged in' }) },
];

async function findingsOn(page: Page, pages: { path: string; ready: (p: Page) => ReturnType<Page['getByRole']> }[]) {
  const found: Record<string, unknown> = {};
  for (const { path, ready } of pages) {
    await page.goto(`${baseUrl}${path}`);
    await ready(page).waitFor();
    const violations = await seriousAxeViolations(page);
    if (violations.length > 0) found[path] = violations;
  }
  return found;
}

describe('axe-core finds no serious or critical violation', () => {
  for (const [name, viewport] of [
    ['desktop', desktop],
    ['phone', phone],
  ] as const) {
    it(`on every page signed out, ${name} (${viewport.width}×${viewport.height})`, async () => {
      const page = await newPage(browser, { viewport });
      expect(await findingsOn(page, signedOutPages())).toEqual({});
      await page.context().close();
    });

    it(`on every page signed in, ${name} (${viewport.width}×${viewport.height})`, async () => {
      const { page } = owner;
      await page.setViewportSize(viewport);
      // The library remembers the space opened last in this tab (a team's, below): start from Personal.
      await page.goto(`${baseUrl}/login`);
      await page.evaluate(() => sessionStorage.clear());
      expect(await findingsOn(page, signedInPages())).toEqual({});
    });
  }
});
