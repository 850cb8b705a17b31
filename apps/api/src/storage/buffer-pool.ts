/**
 * Reusable buffers of one size, for reading a file out to a socket. A fresh 1 MiB buffer per
 * read is memory outside V8's heap; whenever such buffers live long enough to reach the old
 * generation (they wait in a socket's queue), only a full collection frees them, and at 1 GiB/s
 * V8 then runs one every 40 ms (seen here as 10 to 15 times the CPU for a whole-file GET, in some
 * server processes and not others). A buffer comes back once the socket has written it.
 */
export class BufferPool {
  private readonly free: Buffer[] = [];

  constructor(
    readonly bufferBytes: number,
    private readonly maxFree = 32,
  ) {}

  /** A buffer of `bufferBytes`, reused when one is free. Its contents are whatever was there. */
  take(): Buffer {
    return this.free.pop() ?? Buffer.allocUnsafeSlow(this.bufferBytes);
  }

  /** Returns a buffer from `take` that nothing reads or writes any more. */
  give(buffer: Buffer): void {
    if (buffer.length === this.bufferBytes && this.free.length < this.maxFree) this.free.push(buffer);
  }

  get freeCount(): number {
    return this.free.length;
  }
}
