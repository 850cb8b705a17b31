import type { ChunkSink } from '@stream/recorder';
import type { Spool } from './spool.ts';

/**
 * Where the chunks go: a resumable upload whose length is declared at the end. The shape of
 * `@stream/video-api`'s ResumableUpload, which the app hands in (the recorder knows no uploads).
 */
export interface UploadTarget {
  /** Bytes the server holds. */
  readonly offset: number;
  /** Sends `bytes`, which start at `from`; resolves once the server holds them. */
  append(bytes: Blob, from: number): Promise<void>;
  /** Declares the length: the upload is complete. */
  finish(): Promise<void>;
  /** Gives the upload up on the server: the recording ended with no bytes at all. */
  discard(): Promise<void>;
}

export interface UploadProgress {
  /** Bytes the recorder produced. */
  readonly recordedBytes: number;
  /** Bytes the server acknowledged. */
  readonly uploadedBytes: number;
  /** `discarded`: closed or aborted with nothing recorded, so the upload and the local copy were dropped. */
  readonly state: 'uploading' | 'retrying' | 'finished' | 'failed' | 'discarded';
  readonly error?: unknown;
}

export interface UploadSinkOptions {
  /**
   * Makes the upload: at the start, and again when the server lost it (`isGone`), to start over
   * from the local copy as a new upload.
   */
  connect(): Promise<UploadTarget>;
  /** The local copy; without one, chunks wait in memory only and a lost upload cannot start over. */
  spool?: Spool;
  /** Chunks kept in memory for the upload (default 32 MiB); with a spool, more are read back from it. */
  maxMemoryBytes?: number;
  /** Bytes sent in one request at most (default 8 MiB): queued chunks travel together. */
  maxPartBytes?: number;
  /** Retries of a failed append, after the client's own (default 8), waiting `minMs` doubling to `maxMs`. */
  retry?: { attempts?: number; minMs?: number; maxMs?: number };
  /** The upload can never succeed (too large, refused, signed out): stop trying. */
  isPermanent?(error: unknown): boolean;
  /** The server no longer has the upload: connect again and resend from the spool. */
  isGone?(error: unknown): boolean;
  onProgress?(progress: UploadProgress): void;
  /** The spool could not take a chunk (e.g. quota): from then on only the upload has it. */
  onSpoolError?(error: unknown): void;
}

export interface UploadSink extends ChunkSink {
  readonly progress: UploadProgress;
  /** Settles once the upload is finished (after close) or failed for good. */
  readonly done: Promise<UploadProgress>;
}

interface Queued {
  readonly offset: number;
  readonly blob: Blob;
}

const MiB = 1024 * 1024;

/**
 * A ChunkSink that keeps each chunk in the spool first (`write` resolves once it is there), then
 * appends it to the upload in the background, in order, several queued chunks per request. The
 * memory it holds is bounded: past `maxMemoryBytes` chunks are read back from the spool when their
 * turn comes (without a spool, `write` waits for room, so the recorder's queue pushes back). An
 * upload that fails does not fail the sink: the spool still has the recording.
 */
export function createUploadSink(options: UploadSinkOptions): UploadSink {
  const maxMemory = options.maxMemoryBytes ?? 32 * MiB;
  const maxPart = options.maxPartBytes ?? 8 * MiB;
  const attempts = options.retry?.attempts ?? 8;
  const minMs = options.retry?.minMs ?? 500;
  const maxMs = options.retry?.maxMs ?? 30_000;
  let spool = options.spool;

  const queue: Queued[] = [];
  let queuedBytes = 0;
  let recorded = 0;
  let uploaded = 0;
  let closing = false;
  let aborted = false;
  let discarded = false;
  let progress: UploadProgress = { recordedBytes: 0, uploadedBytes: 0, state: 'uploading' };
  let wake: (() => void) | undefined;
  let roomFreed: (() => void) | undefined;
  let resolveDone!: (progress: UploadProgress) => void;
  const done = new Promise<UploadProgress>((resolve) => (resolveDone = resolve));

  const report = (state: UploadProgress['state'], error?: unknown) => {
    progress = {
      recordedBytes: recorded,
      uploadedBytes: uploaded,
      state,
      ...(error !== undefined ? { error } : {}),
    };
    options.onProgress?.(progress);
  };
  const nudge = () => {
    wake?.();
    wake = undefined;
  };
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  /** The next bytes the server lacks: queued chunks from memory, else read back from the spool. */
  async function nextPart(): Promise<{ bytes: Blob; from: number } | undefined> {
    while (queue.length > 0 && queue[0]!.offset + queue[0]!.blob.size <= uploaded) {
      queuedBytes -= queue.shift()!.blob.size;
      roomFreed?.();
    }
    if (uploaded >= recorded) return undefined;
    const first = queue[0];
    if (first && first.offset <= uploaded) {
      const parts: Blob[] = [];
      let size = 0;
      for (const item of queue) {
        if (item.offset !== first.offset + size || (size > 0 && size + item.blob.size > maxPart)) break;
        parts.push(item.blob);
        size += item.blob.size;
      }
      return { bytes: new Blob(parts), from: first.offset };
    }
    if (!spool) throw new Error('The bytes to send are neither in memory nor in a local copy');
    const to = Math.min(first?.offset ?? recorded, uploaded + maxPart);
    return { bytes: await spool.read(uploaded, to), from: uploaded };
  }

  let target: UploadTarget | undefined;

  async function run(): Promise<void> {
    target = await connectWithRetry();
    let failures = 0;
    for (;;) {
      if (aborted) return;
      let part: { bytes: Blob; from: number } | undefined;
      try {
        part = await nextPart();
        if (!part && !closing) {
          await new Promise<void>((resolve) => (wake = resolve));
          continue;
        }
        if (part) await target.append(part.bytes, part.from);
        else if (recorded > 0) await target.finish();
        else {
          // A Stop before the first frame leaves an empty upload, which no server takes as a video.
          await target.discard();
          discarded = true;
        }
        failures = 0;
      } catch (error) {
        if (aborted) return;
        if (options.isGone?.(error) && spool) {
          // The server lost it (expired, its node died): the same bytes as a new upload.
          target = await connectWithRetry();
          uploaded = target.offset;
          report('retrying', error);
          continue;
        }
        if (options.isPermanent?.(error) || ++failures > attempts) throw error;
        report('retrying', error);
        await sleep(Math.min(maxMs, minMs * 2 ** (failures - 1)));
        continue;
      }
      uploaded = target.offset;
      if (!part) return;
      void spool?.update({ uploadedBytes: uploaded }).catch(() => undefined);
      report('uploading');
    }
  }

  async function connectWithRetry(): Promise<UploadTarget> {
    for (let failures = 1; ; failures++) {
      try {
        return await options.connect();
      } catch (error) {
        if (aborted || options.isPermanent?.(error) || failures > attempts) throw error;
        report('retrying', error);
        await sleep(Math.min(maxMs, minMs * 2 ** (failures - 1)));
      }
    }
  }

  /** Given up before the first chunk (Stop during the countdown): nothing is worth keeping. */
  async function dropEmpty() {
    await target?.discard().catch(() => undefined);
    await spool?.remove().catch(() => undefined);
  }

  let failed = false;
  const running = run();
  running.then(
    async () => {
      if (aborted) return;
      if (discarded) await spool?.remove().catch(() => undefined);
      else await spool?.update({ uploadedBytes: uploaded, uploaded: true }).catch(() => undefined);
      report(discarded ? 'discarded' : 'finished');
      resolveDone(progress);
    },
    (error: unknown) => {
      if (aborted) return;
      failed = true;
      queue.length = 0;
      queuedBytes = 0;
      roomFreed?.();
      report('failed', error);
      resolveDone(progress);
    },
  );

  return {
    get progress() {
      return progress;
    },
    done,
    async write(chunk) {
      if (chunk.size === 0) return;
      const offset = recorded;
      if (spool) {
        try {
          await spool.append(chunk);
        } catch (error) {
          spool = undefined;
          options.onSpoolError?.(error);
        }
      }
      if (failed) {
        if (!spool) throw new Error('Neither the upload nor the local copy can keep the recording');
        recorded += chunk.size;
        return;
      }
      // Without a spool the upload is the only place the chunk can wait: hold the recorder back.
      while (!spool && queuedBytes > 0 && queuedBytes + chunk.size > maxMemory && !failed) {
        await new Promise<void>((resolve) => (roomFreed = resolve));
      }
      recorded += chunk.size;
      if (!spool || queuedBytes + chunk.size <= maxMemory) {
        queue.push({ offset, blob: chunk });
        queuedBytes += chunk.size;
      }
      report(progress.state === 'retrying' ? 'retrying' : 'uploading');
      nudge();
    },
    async close() {
      closing = true;
      nudge();
      await spool?.update({ stopped: true }).catch(() => undefined);
    },
    async abort() {
      aborted = true;
      nudge();
      if (recorded === 0) {
        void running.catch(() => undefined).then(dropEmpty);
        report('discarded');
      }
      resolveDone(progress);
    },
  };
}
