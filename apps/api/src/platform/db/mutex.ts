/** A promise-chained lock: `const release = await mutex.lock(); try { ... } finally { release(); }`. */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();

  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const acquired = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return acquired;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = await this.lock();
    try {
      return await task();
    } finally {
      release();
    }
  }
}
