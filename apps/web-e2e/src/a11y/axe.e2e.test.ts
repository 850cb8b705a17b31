import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@connectrpc/connect';
import { Status, TeamService, Visibility } from '@stream/proto';
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
let workDir: string;
let owner: SignedInPage;
let videoId: string;
let shareUrl: string;
let invitePath: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'stream-axe-e2e-'));
  let webm;
  [browser, webm] = await Promise.all([launchBrowser(), makeTestWebm(workDir, 4)]);
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
  // A team with an invite (issue 27): /team shows its members and invites, the invite page its name.
  const teams = createClient(TeamService, createVideoTransport({ baseUrl, getToken: () => owner.user.idToken }));
  const team = await teams.createTeam({ name: 'Axe team' });
  await teams.createInvite({ teamId: team.id });
  invitePath = `/invite/${(await teams.createInvite({ teamId: team.id })).token}`;
}, 180_000);

afterAll(async () => {
  await owner?.page.context().close();
  await browser?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** Each page and what shows that it has finished loading. */
const signedOutPages = () => [
  { path: '/login', ready: (p: Page) => p.getByRole('button', { name: 'Sign in with email' }) },
  { path: `/watch/${videoId}`, ready: (p: Page) => p.getByRole('button', { name: 'Play' }) },
  { path: new URL(shareUrl).pathname, ready: (p: Page) => p.getByRole('button', { name: 'Play' }) },
  { path: invitePath, ready: (p: Page) => p.getByRole('heading', { name: 'Join Axe team' }) },
  { path: `/invite/${'x'.repeat(43)}`, ready: (p: Page) => p.getByRole('heading', { name: /does not exist/ }) },
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
      expect(await findingsOn(page, signedInPages())).toEqual({});
    });
  }
});
