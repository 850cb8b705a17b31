// The conversation around a video through the real server and real gRPC-web clients,
// with tokens from the Auth emulator, on PGlite and PostgreSQL: one person's comment reaches
// another's open stream at once, a dropped stream catches up from its cursor, the owner is
// notified and sees who watched; and every bad input is refused (or clamped) with nothing changed.
import { Code, ConnectError } from '@connectrpc/connect';
import { MAX_COMMENT_LENGTH, REACTION_EMOJI, Visibility, type ConversationEvent } from '@stream/proto';
import type { AuthEmulator } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { REACTION_LIMIT } from '../../src/conversation/comment.service';
import { startAuthEmulator } from '../support/auth-emulator';
import { conversationClient } from '../support/conversation-client';
import { databaseKinds } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { failureCode as failure } from '../support/rpc-failure';
import { signedInPerson } from '../support/people';

const XSS = 'Look here <img src=x onerror=alert(1)> <script>alert(2)</script>';

let emulator: AuthEmulator;
beforeAll(async () => {
  emulator = await startAuthEmulator();
}, 120_000);
afterAll(() => emulator?.stop());

/**
 * Reads events from a live stream into an array as they come. The stream ends with `stop()`, or
 * with the test, even a failing one (an open stream would hold the server's close for minutes).
 */
function collect(open: (signal: AbortSignal) => AsyncIterable<ConversationEvent>) {
  const controller = new AbortController();
  onTestFinished(() => controller.abort());
  const stream = open(controller.signal);
  const events: ConversationEvent[] = [];
  const done = (async () => {
    try {
      for await (const event of stream) events.push(event);
    } catch (error) {
      if (!(error instanceof ConnectError && error.code === Code.Canceled)) throw error;
    }
  })();
  const until = async (test: () => boolean, ms = 5_000) => {
    const start = Date.now();
    while (!test()) {
      if (Date.now() - start > ms)
        throw new Error(`not within ${ms} ms: ${JSON.stringify(events.map((e) => e.event.case))}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return Date.now() - start;
  };
  /** Ends the stream and resolves when it has ended. */
  const stop = () => {
    controller.abort();
    return done;
  };
  return { events, until, stop };
}

describe.each(databaseKinds)('conversation on %s', (databaseKind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ database: databaseKind, emulatorHost: emulator.host });
  }, 120_000);
  afterAll(() => server?.close());

  const someone = (displayName: string) => signedInPerson(server.baseUrl, emulator.host, displayName);

  /** A 10-second video of `owner`'s, shared by link (unless private); its id and share token. */
  async function videoOf(owner: Awaited<ReturnType<typeof someone>>, visibility = Visibility.SHARED) {
    const video = await owner.videos.createVideo({
      title: 'Demo',
      url: 'https://example.com/demo.mp4',
      visibility: Visibility.PRIVATE,
    });
    await server.database.db.updateTable('videos').set({ duration_seconds: 10 }).where('id', '=', video.id).execute();
    if (visibility === Visibility.PRIVATE) return { id: video.id, shareToken: '' };
    const link = await owner.videos.shareVideo({ videoId: video.id });
    return { id: video.id, shareToken: new URL(link.url).pathname.split('/').pop()! };
  }

  const snapshot = async () => {
    const db = server.database.db;
    const [comments, reactions, events, notifications, playback] = await Promise.all([
      db.selectFrom('comments').selectAll().orderBy('id').execute(),
      db.selectFrom('reactions').select(['id']).orderBy('id').execute(),
      db.selectFrom('conversation_events').select(['seq']).orderBy('seq').execute(),
      db.selectFrom('notifications').selectAll().orderBy('id').execute(),
      db.selectFrom('playback_ranges').selectAll().orderBy('session_id').execute(),
    ]);
    return { comments, reactions, events, notifications, playback };
  };

  it("B's comment reaches A's open stream within a second, as text; A is notified and sees B watched", async () => {
    const a = await someone('Ann Owner');
    const b = await someone('Bob Viewer');
    const video = await videoOf(a);

    const opened = await a.talk().listComments({ videoId: video.id });
    expect(opened).toMatchObject({ comments: [], isOwner: true, commentsEnabled: true, canComment: true });
    const live = collect((signal) =>
      a.talk().watchConversation({ videoId: video.id, sinceCursor: opened.cursor }, { signal }),
    );
    await live.until(() => live.events.length > 0); // the opening heartbeat: the stream is up

    const asB = b.talk(video.shareToken);
    const seen = await asB.listComments({ videoId: video.id });
    expect(seen).toMatchObject({ isOwner: false, canComment: true });
    const posted = await asB.addComment({ videoId: video.id, text: `  ${XSS}  `, momentSeconds: 3 });
    expect(posted).toMatchObject({
      text: XSS,
      momentSeconds: 3,
      author: { uid: b.user.uid, displayName: 'Bob Viewer' },
    });
    const took = await live.until(() => live.events.some((e) => e.event.case === 'commentAdded'));
    expect(took).toBeLessThan(1_000);
    const added = live.events.find((e) => e.event.case === 'commentAdded')!.event.value as { text: string; id: string };
    expect(added).toMatchObject({ id: posted.id, text: XSS });

    const reaction = await asB.addReaction({ videoId: video.id, emoji: REACTION_EMOJI[0]!, momentSeconds: 4 });
    await live.until(() => live.events.some((e) => e.event.case === 'reactionAdded'));
    await live.stop();

    const notes = await a.talk().listNotifications({});
    expect(notes.unreadCount).toBe(2);
    expect(notes.notifications.map((n) => [n.text, n.momentSeconds, n.actor?.displayName, n.videoTitle])).toEqual([
      [REACTION_EMOJI[0], 4, 'Bob Viewer', 'Demo'],
      [XSS, 3, 'Bob Viewer', 'Demo'],
    ]);
    // The bell's count over plain HTTP: the same number, and only for someone signed in.
    const unread = (token?: string) =>
      fetch(`${server.baseUrl}/api/notifications/unread`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    expect(await (await unread(a.user.idToken)).json()).toEqual({ unread: 2 });
    expect((await unread()).status).toBe(401);
    expect((await unread('not-a-token')).status).toBe(401);
    expect((await a.talk().markNotificationsRead({ ids: [notes.notifications[1]!.id] })).unreadCount).toBe(1);
    expect((await a.talk().markNotificationsRead({ all: true })).unreadCount).toBe(0);
    // B is not notified of their own writing.
    expect((await b.talk().listNotifications({})).unreadCount).toBe(0);

    await asB.recordPlayback({
      videoId: video.id,
      sessionId: 'session-b-1',
      ranges: [
        { startSeconds: 0, endSeconds: 3 },
        { startSeconds: 2, endSeconds: 6 },
      ],
    });
    // The owner's own playback does not count.
    await a
      .talk()
      .recordPlayback({ videoId: video.id, sessionId: 'session-a-1', ranges: [{ startSeconds: 0, endSeconds: 10 }] });
    const insights = await a.talk().getInsights({ videoId: video.id });
    expect(insights.uniqueViewers).toBe(1);
    expect(insights.seenBy.map((s) => [s.person?.displayName, s.watchedSeconds, s.shareWatched])).toEqual([
      ['Bob Viewer', 6, 0.6],
    ]);
    expect(insights.averageShareWatched).toBeCloseTo(0.6);
    expect(insights.retention).toHaveLength(20);
    expect(insights.retention[0]).toMatchObject({ startSeconds: 0, endSeconds: 0.5, viewers: 1 });
    expect(insights.retention[19]).toMatchObject({ viewers: 0 });
    expect(await failure(asB.getInsights({ videoId: video.id }))).toBe(Code.PermissionDenied);

    const listed = await a.talk().listComments({ videoId: video.id });
    expect(listed.comments.map((c) => c.text)).toEqual([XSS]);
    expect(listed.reactions.map((r) => r.id)).toEqual([reaction.id]);
  });

  it('a stream opened with an older cursor catches up on what it missed, then goes on live', async () => {
    const a = await someone('Ann Owner');
    const b = await someone('Bob Viewer');
    const video = await videoOf(a);
    const asB = b.talk(video.shareToken);
    const first = await asB.addComment({ videoId: video.id, text: 'first', momentSeconds: 1 });
    const { cursor } = await a.talk().listComments({ videoId: video.id });
    // A's connection drops here; meanwhile B edits, replies and deletes.
    await asB.editComment({ commentId: first.id, text: 'first, edited' });
    const reply = await asB.addComment({ videoId: video.id, text: 'a reply', momentSeconds: 2, parentId: first.id });
    expect(reply.parentId).toBe(first.id);

    const live = collect((signal) =>
      a.talk().watchConversation({ videoId: video.id, sinceCursor: cursor }, { signal }),
    );
    await live.until(() => live.events.filter((e) => e.event.case !== 'heartbeat').length === 2);
    await a.talk().deleteComment({ commentId: reply.id });
    await live.until(() => live.events.some((e) => e.event.case === 'commentDeleted'));
    await live.stop();
    expect(
      live.events
        .filter((e) => e.event.case !== 'heartbeat')
        .map((e) => [e.event.case, (e.event.value as { text?: string }).text ?? e.event.value]),
    ).toEqual([
      ['commentEdited', 'first, edited'],
      ['commentAdded', 'a reply'],
      ['commentDeleted', reply.id],
    ]);
    const cursors = live.events.map((e) => Number(e.cursor));
    expect(cursors).toEqual([...cursors].sort((x, y) => x - y));
  });

  it('refuses bad input and other people’s videos, changing nothing', async () => {
    const a = await someone('Ann Owner');
    const b = await someone('Bob Viewer');
    const c = await someone('Cy Outsider');
    const video = await videoOf(a);
    const privateOne = await videoOf(a, Visibility.PRIVATE);
    const asB = b.talk(video.shareToken);
    const signedOut = conversationClient(server.baseUrl, { shareToken: video.shareToken });
    const comment = await asB.addComment({ videoId: video.id, text: 'hello', momentSeconds: 1 });
    const deleted = await asB.addComment({ videoId: video.id, text: 'soon gone', momentSeconds: 2 });
    await asB.deleteComment({ commentId: deleted.id });
    const before = await snapshot();

    const refusals: [string, Promise<unknown>, Code][] = [
      ['empty text', asB.addComment({ videoId: video.id, text: '  ', momentSeconds: 1 }), Code.InvalidArgument],
      [
        'too long',
        asB.addComment({ videoId: video.id, text: 'x'.repeat(MAX_COMMENT_LENGTH + 1) }),
        Code.InvalidArgument,
      ],
      ['control chars', asB.addComment({ videoId: video.id, text: 'a\u0007b' }), Code.InvalidArgument],
      ['negative moment', asB.addComment({ videoId: video.id, text: 'x', momentSeconds: -1 }), Code.InvalidArgument],
      ['NaN moment', asB.addComment({ videoId: video.id, text: 'x', momentSeconds: Number.NaN }), Code.InvalidArgument],
      [
        'reply to deleted',
        asB.addComment({ videoId: video.id, text: 'x', parentId: deleted.id }),
        Code.FailedPrecondition,
      ],
      ['reply elsewhere', asB.addComment({ videoId: privateOne.id, text: 'x', parentId: comment.id }), Code.NotFound],
      ['signed out writes', signedOut.addComment({ videoId: video.id, text: 'x' }), Code.Unauthenticated],
      ['no share token', b.talk().listComments({ videoId: video.id }), Code.NotFound],
      ['private: list', c.talk().listComments({ videoId: privateOne.id }), Code.NotFound],
      ['private: write', c.talk().addComment({ videoId: privateOne.id, text: 'x' }), Code.NotFound],
      [
        'private: stream',
        c.talk().watchConversation({ videoId: privateOne.id })[Symbol.asyncIterator]().next(),
        Code.NotFound,
      ],
      [
        'private: signed out',
        conversationClient(server.baseUrl).listComments({ videoId: privateOne.id }),
        Code.Unauthenticated,
      ],
      [
        'private: beacon',
        c.talk().recordPlayback({
          videoId: privateOne.id,
          sessionId: 'session-c-1',
          ranges: [{ startSeconds: 0, endSeconds: 1 }],
        }),
        Code.NotFound,
      ],
      [
        'edit not mine',
        c.talk(video.shareToken).editComment({ commentId: comment.id, text: 'mine now' }),
        Code.NotFound,
      ],
      ['delete not mine', c.talk(video.shareToken).deleteComment({ commentId: comment.id }), Code.PermissionDenied],
      ['bad emoji', asB.addReaction({ videoId: video.id, emoji: '<b>', momentSeconds: 1 }), Code.InvalidArgument],
      ['turn off not owner', asB.setCommentsEnabled({ videoId: video.id, enabled: false }), Code.PermissionDenied],
      [
        'bad cursor',
        a.talk().watchConversation({ videoId: video.id, sinceCursor: '1; drop' })[Symbol.asyncIterator]().next(),
        Code.InvalidArgument,
      ],
    ];
    const beacon = (ranges: { startSeconds: number; endSeconds: number }[]) =>
      asB.recordPlayback({ videoId: video.id, sessionId: 'session-b-2', ranges });
    const badBeacons: [string, { startSeconds: number; endSeconds: number }[]][] = [
      ['empty', []],
      ['backwards', [{ startSeconds: 5, endSeconds: 4 }]],
      ['zero length', [{ startSeconds: 5, endSeconds: 5 }]],
      ['negative', [{ startSeconds: -1, endSeconds: 4 }]],
      ['past the end', [{ startSeconds: 0, endSeconds: 60 }]],
      ['starts past the end', [{ startSeconds: 10, endSeconds: 10.5 }]],
      ['infinite', [{ startSeconds: 0, endSeconds: Number.POSITIVE_INFINITY }]],
      ['too many', Array.from({ length: 101 }, (_, i) => ({ startSeconds: i * 0.05, endSeconds: i * 0.05 + 0.01 }))],
    ];
    for (const [name, ranges] of badBeacons) refusals.push([`beacon ${name}`, beacon(ranges), Code.InvalidArgument]);
    // Handled at once (all of them run together), compared in order.
    const outcomes = refusals.map(([name, call, code]) => [name, failure(call), code] as const);
    for (const [name, outcome, code] of outcomes) expect([name, await outcome]).toEqual([name, code]);
    expect(await snapshot()).toEqual(before);

    // A moment past the end is the end; a reply to a reply answers its comment.
    const late = await asB.addComment({ videoId: video.id, text: 'late', momentSeconds: 999, parentId: '' });
    expect(late.momentSeconds).toBe(10);
    const reply = await asB.addComment({ videoId: video.id, text: 'r1', parentId: comment.id });
    const nested = await asB.addComment({ videoId: video.id, text: 'r2', parentId: reply.id });
    expect(nested.parentId).toBe(comment.id);
    // Signed out with the link: reads, and is told it cannot write.
    const read = await signedOut.listComments({ videoId: video.id });
    expect(read.canComment).toBe(false);
    expect(read.comments.map((c) => [c.text, c.replies.map((r) => r.text)])).toEqual([
      ['hello', ['r1', 'r2']],
      ['late', []],
    ]);

    // A flood of reactions from one person: REACTION_LIMIT.max are kept, the rest refused.
    const flood = await Promise.all(
      Array.from({ length: REACTION_LIMIT.max + 10 }, () =>
        failure(asB.addReaction({ videoId: video.id, emoji: REACTION_EMOJI[1]!, momentSeconds: 1 })),
      ),
    );
    expect(flood.filter((code) => code === 'ok')).toHaveLength(REACTION_LIMIT.max);
    expect(flood.filter((code) => code === Code.ResourceExhausted)).toHaveLength(10);
    const stored = await server.database.db
      .selectFrom('reactions')
      .select('id')
      .where('video_id', '=', video.id)
      .execute();
    expect(stored).toHaveLength(REACTION_LIMIT.max);

    // The owner deletes anyone's comment and turns comments off; then nobody adds one.
    await a.talk().deleteComment({ commentId: late.id });
    expect((await a.talk().setCommentsEnabled({ videoId: video.id, enabled: false })).commentsEnabled).toBe(false);
    expect(await failure(asB.addComment({ videoId: video.id, text: 'still?' }))).toBe(Code.FailedPrecondition);
    expect((await asB.listComments({ videoId: video.id })).canComment).toBe(false);
  });
});
