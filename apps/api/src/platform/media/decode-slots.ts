import { availableParallelism } from 'node:os';

/** Too many pictures are waiting (for a slot, or of one person): the caller is told to come back later. */
export class DecodeBusyError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds = 5,
  ) {
    super(message);
    this.name = 'DecodeBusyError';
  }
}

/**
 * At most `slots` decodes at a time across the process, the rest waiting in order, and at most
 * `maxWaiting` of them: a burst of pictures queues instead of taking every core and a gigabyte of
 * memory at once (four 7000×7000 PNGs decoded together held both cores of a 2-core machine for
 * 9 s), and a flood is refused instead of queueing without end.
 */
export class DecodeSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly slots = Math.min(2, Math.max(1, availableParallelism() - 1)),
    readonly maxWaiting = 8,
  ) {}

  /** Runs `work` in a slot. Throws DecodeBusyError at once when `maxWaiting` are already waiting. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) {
      if (this.waiting.length >= this.maxWaiting)
        throw new DecodeBusyError('The server is reading too many pictures right now: try again in a few seconds');
      await new Promise<void>((resume) => this.waiting.push(resume));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
