/**
 * Reusable buffers of one size, for reading a file out to a socket. A fresh 1 MiB buffer per
 * read is memory outside V8's heap; whenever such buffers live long enough to reach the old
 * generation (they wait in a socket's queue), only a full collection frees them, and at 1 GiB/s
 * V8 then runs one every 40 ms (seen here as 10 to 15 times the CPU for a whole-file GET, in some
 * server processes and not others). A buffer comes back once the socket has written it.
 *
 * Once nothing was taken for `idleMs`, the pool lets go of all but `keepIdle` free buffers: a
 * burst of streams must not leave its buffers held for the life of the process (the soak saw
 * 25 MiB outside the heap kept after the load).
 */
export class BufferPool {
  private readonly free: Buffer[] = [];
  private takenSinceCheck = false;
  private timer?: NodeJS.Timeout;

  constructor(
    readonly bufferBytes: number,
    private readonly maxFree = 32,
    private readonly idle: { idleMs: number; keepIdle: number } = { idleMs: 10_000, keepIdle: 2 },
  ) {}

  /** A buffer of `bufferBytes`, reused when one is free. Its contents are whatever was there. */
  take(): Buffer {
    this.takenSinceCheck = true;
    return this.free.pop() ?? Buffer.allocUnsafeSlow(this.bufferBytes);
  }

  /** Returns a buffer from `take` that nothing reads or writes any more. */
  give(buffer: Buffer): void {
    if (buffer.length !== this.bufferBytes || this.free.length >= this.maxFree) return;
    this.free.push(buffer);
    if (this.free.length > this.idle.keepIdle) this.watchIdle();
  }

  get freeCount(): number {
    return this.free.length;
  }

  /** Checks every `idleMs` while more than `keepIdle` buffers are free; the timer never keeps the process up. */
  private watchIdle(): void {
    if (this.timer) return;
    this.takenSinceCheck = false;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.takenSinceCheck) this.free.length = Math.min(this.free.length, this.idle.keepIdle);
      if (this.free.length > this.idle.keepIdle) this.watchIdle();
    }, this.idle.idleMs);
    this.timer.unref();
  }
}
