// What a newcomer reads, in Chromium: /admin tells a non-admin whom it is for, a new team's
// library says it is empty (not that nothing matched), sign-up says so, a signed-out viewer is
// told to sign in to react, reactions are drawn without an emoji font, and opening /notifications
// marks them read.
import { createClient } from '@connectrpc/connect';
import { ConversationService, REACTION_EMOJI, TeamService, Visibility } from '@stream/proto';
import { createVideoTransport } from '@stream/video-api';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newPage, newSignedInPage, signUpThroughUi, type SignedInPage } from '../index';
import { videoClient } from '../library/library-fixtures';
import { ownerWithVideo, type OwnerWithVideo } from '../library/owner-with-video';

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');

let stage: OwnerWithVideo;
let bea: SignedInPage;

const transportOf = (token: string) => createVideoTransport({ baseUrl, getToken: () => token });

beforeAll(async () => {
  stage = await ownerWithVideo({ baseUrl, emulatorHost, displayName: 'Ann Words', seconds: 3 });
  bea = await newSignedInPage(stage.viewer.context().browser()!, { baseUrl, emulatorHost, displayName: 'Bea Words' });
}, 180_000);

afterAll(async () => {
  await bea?.page.context().close();
  await stage?.close();
});

describe('the words a newcomer meets', () => {
  it("/admin tells someone who is not an admin that it is for the instance's admins, with no Retry", async () => {
    const { page } = bea;
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole('alert').filter({ hasText: "This page is for the instance's admins." }).waitFor();
    expect(await page.getByText('You do not have access to this video.').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
  });

  it("a new team's library says it has no videos yet, not that none match", async () => {
    const team = await createClient(TeamService, transportOf(bea.user.idToken)).createTeam({ name: 'Words crew' });
    await bea.page.goto(`${baseUrl}/videos?space=${team.id}`);
    await bea.page.getByText(/^No videos in this team yet\./).waitFor();
    expect(await bea.page.getByText('No videos match.').count()).toBe(0);
  });

  it('an email nobody uses yet is a sign-up: "Create your account" and "Sign up"', async () => {
    const page = await newPage(stage.viewer.context().browser()!);
    await signUpThroughUi(page, baseUrl, { name: 'New Person' }); // waits for both words, then signed in
    await page.context().close();
  });

  it('a signed-out viewer is told to sign in to react; the reactions are drawn, not emoji text', async () => {
    const { video, owner } = stage;
    await createClient(ConversationService, transportOf(owner.user.idToken)).addReaction({
      videoId: video.id,
      emoji: REACTION_EMOJI[1]!,
      momentSeconds: 1,
    });
    await videoClient(baseUrl, owner.user.idToken).updateVideo({
      videoId: video.id,
      visibility: Visibility.PUBLIC,
      updateMask: { paths: ['visibility'] },
    });
    const viewer = stage.viewer;
    await viewer.goto(`${baseUrl}/watch/${video.id}`);
    const signIn = viewer.getByRole('link', { name: 'Sign in to react' });
    await signIn.waitFor();
    expect(new URL((await signIn.getAttribute('href'))!, baseUrl).pathname).toBe('/login');
    const reactions = viewer.getByRole('group', { name: 'Reactions', exact: true }).getByRole('button');
    expect(await reactions.count()).toBe(REACTION_EMOJI.length);
    for (const button of await reactions.all()) {
      expect(await button.isDisabled()).toBe(true);
      expect(await button.locator('svg').count()).toBe(1);
    }
    await viewer.getByRole('button', { name: `React ${REACTION_EMOJI[1]} 1` }).waitFor();
  });

  it('opening /notifications marks them read: the bell goes quiet', async () => {
    const { video, owner } = stage;
    await createClient(ConversationService, transportOf(bea.user.idToken)).addComment({
      videoId: video.id,
      text: 'Seen it',
      momentSeconds: 1,
    });
    const page = owner.page;
    await page.goto(`${baseUrl}/notifications`);
    await page.getByText('Seen it').waitFor();
    await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor({ timeout: 30_000 });
    const left = await createClient(ConversationService, transportOf(owner.user.idToken)).listNotifications({});
    expect(left.unreadCount).toBe(0);
  });
});
