/**
 * Wakes the live streams of a video in this process when its conversation changes: a change made
 * here, or one another process NOTIFYed (PostgreSQL). Without that, streams of other processes
 * find the change when they next look (WatchConversation polls).
 */
export class ConversationSignal {
  private readonly waiting = new Map<string, Set<() => void>>();

  /** Resolves when `videoId` changes, after `ms`, or when `signal` aborts, whichever is first. */
  wait(videoId: string, ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const set = this.waiting.get(videoId) ?? new Set();
      this.waiting.set(videoId, set);
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        set.delete(done);
        if (set.size === 0 && this.waiting.get(videoId) === set) this.waiting.delete(videoId);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done);
      set.add(done);
    });
  }

  changed(videoId: string): void {
    for (const wake of [...(this.waiting.get(videoId) ?? [])]) wake();
  }

  /** Wakes every stream (notifications may have been missed while a listener was away). */
  changedAll(): void {
    for (const videoId of [...this.waiting.keys()]) this.changed(videoId);
  }
}
