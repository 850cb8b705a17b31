import { describe, expect, it } from 'vitest';
import { ConversationFeed, type FeedEvent } from './conversation-feed';

/** A video's events 1..n as the database would give them, counting the reads. */
function database() {
  const events: FeedEvent[] = [];
  let reads = 0;
  const read = async (_videoId: string, after: number, limit: number) => {
    reads += 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return events.filter((event) => event.seq > after).slice(0, limit);
  };
  const add = () =>
    events.push({ seq: events.length + 1, change: { kind: 'comment_deleted', commentId: `c${events.length + 1}` } });
  return { read, add, reads: () => reads };
}

describe('ConversationFeed', () => {
  it('200 streams woken by one change share one read, and each gets what is after its cursor', async () => {
    const db = database();
    const feed = new ConversationFeed(db.read);
    const leaves = Array.from({ length: 200 }, () => feed.join('v', 0));
    db.add();
    db.add();
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => feed.after('v', i % 2)));
    expect(db.reads()).toBeLessThanOrEqual(2);
    expect(answers[0]!.map((event) => event.seq)).toEqual([1, 2]);
    expect(answers[1]!.map((event) => event.seq)).toEqual([2]);
    // A change after a read began is not lost: the next ask reads again.
    db.add();
    expect((await feed.after('v', 2)).map((event) => event.seq)).toEqual([3]);
    for (const leave of leaves) leave();
  });

  it('a stream behind the buffer, or with no one else watching, reads the database itself', async () => {
    const db = database();
    for (let i = 0; i < 5; i++) db.add();
    const feed = new ConversationFeed(db.read);
    expect((await feed.after('v', 3)).map((event) => event.seq)).toEqual([4, 5]);
    const leave = feed.join('v', 4);
    expect((await feed.after('v', 1)).map((event) => event.seq)).toEqual([2, 3, 4, 5]);
    expect((await feed.after('v', 4)).map((event) => event.seq)).toEqual([5]);
    leave();
  });
});
