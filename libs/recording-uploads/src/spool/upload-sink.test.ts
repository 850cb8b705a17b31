// The upload sink with a fake upload target and the OPFS spool over a fake file system, on a fake
// clock: order, several queued chunks per request, retries with backoff, the memory bound, an
// upload the server lost started over from the spool, and a spool that runs out of room.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeOpfs } from '../testing/fake-opfs.ts';
import { createOpfsSpoolStore } from './opfs-spool.ts';
import type { Spool } from './spool.ts';
import { createUploadSink, type UploadSinkOptions, type UploadTarget } from './upload-sink.ts';

const chunk = (byte: number, size = 100) => new Blob([new Uint8Array(size).fill(byte)]);
const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

class Gone extends Error {}
class Refused extends Error {}

/** A server-side upload: what arrived, one request at a time; `hold` keeps appends waiting. */
class FakeTarget implements UploadTarget {
  received = new Uint8Array(0);
  requests: { from: number; size: number }[] = [];
  finished = false;
  discarded = false;
  failures: Error[] = [];
  held: (() => void)[] = [];
  hold = false;
  get offset() {
    return this.received.length;
  }
  async append(bytes: Blob, from: number) {
    this.requests.push({ from, size: bytes.size });
    if (this.hold) await new Promise<void>((resolve) => this.held.push(resolve));
    const failure = this.failures.shift();
    if (failure) throw failure;
    const data = await bytesOf(bytes);
    const fresh = data.subarray(this.received.length - from);
    const next = new Uint8Array(this.received.length + fresh.length);
    next.set(this.received);
    next.set(fresh, this.received.length);
    this.received = next;
  }
  async finish() {
    const failure = this.failures.shift();
    if (failure) throw failure;
    this.finished = true;
  }
  async discard() {
    const failure = this.failures.shift();
    if (failure) throw failure;
    this.discarded = true;
  }
  release() {
    this.hold = false;
    for (const resolve of this.held.splice(0)) resolve();
  }
}

async function spoolOn(fs = new FakeOpfs()): Promise<Spool> {
  return createOpfsSpoolStore(fs.root).create({ mimeType: 'video/webm', startedAt: 1 });
}

function sinkWith(target: FakeTarget | (() => FakeTarget), options: Partial<UploadSinkOptions> = {}) {
  const next = typeof target === 'function' ? target : () => target;
  return createUploadSink({
    connect: async () => next(),
    isGone: (error) => error instanceof Gone,
    isPermanent: (error) => error instanceof Refused,
    ...options,
  });
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('upload sink', () => {
  it('sends every chunk in order, queued ones together, and finishes after close', async () => {
    const target = new FakeTarget();
    target.hold = true;
    const sink = sinkWith(target, { spool: await spoolOn() });
    await sink.write(chunk(1));
    await flush();
    await sink.write(chunk(2));
    await sink.write(chunk(3, 50));
    target.release();
    await flush();
    await sink.close();
    const result = await sink.done;
    expect(result).toMatchObject({ state: 'finished', recordedBytes: 250, uploadedBytes: 250 });
    expect(target.finished).toBe(true);
    expect([...target.received]).toEqual([...(await bytesOf(new Blob([chunk(1), chunk(2), chunk(3, 50)])))]);
    // The first chunk alone; the two that queued behind it in one request.
    expect(target.requests).toEqual([
      { from: 0, size: 100 },
      { from: 100, size: 150 },
    ]);
  });

  it('closed with nothing recorded: gives the upload up (retrying like any request) and removes the local copy', async () => {
    const target = new FakeTarget();
    target.failures = [new Error('503')];
    const fs = new FakeOpfs();
    const sink = sinkWith(target, { spool: await spoolOn(fs) });
    await sink.write(new Blob([]));
    await sink.close();
    await vi.advanceTimersByTimeAsync(500);
    expect(await sink.done).toMatchObject({ state: 'discarded', recordedBytes: 0, uploadedBytes: 0 });
    expect(target).toMatchObject({ discarded: true, finished: false, requests: [] });
    expect(await createOpfsSpoolStore(fs.root).list()).toEqual([]);
  });

  it('aborted before the first chunk: gives the upload and the local copy up; aborted later: keeps both', async () => {
    const empty = new FakeTarget();
    const emptyFs = new FakeOpfs();
    const given = sinkWith(empty, { spool: await spoolOn(emptyFs) });
    await given.abort(new Error('discarded'));
    expect(await given.done).toMatchObject({ state: 'discarded', recordedBytes: 0 });
    await flush();
    expect(empty.discarded).toBe(true);
    expect(await createOpfsSpoolStore(emptyFs.root).list()).toEqual([]);

    const started = new FakeTarget();
    const startedFs = new FakeOpfs();
    const kept = sinkWith(started, { spool: await spoolOn(startedFs) });
    await kept.write(chunk(1));
    await flush();
    await kept.abort(new Error('discarded'));
    expect((await kept.done).state).not.toBe('discarded');
    await flush();
    expect(started.discarded).toBe(false);
    expect(await createOpfsSpoolStore(startedFs.root).list()).toHaveLength(1);
  });

  it('retries a failed append with doubling waits on the clock, then carries on', async () => {
    const target = new FakeTarget();
    target.failures = [new Error('503'), new Error('503')];
    const states: string[] = [];
    const sink = sinkWith(target, {
      retry: { minMs: 1000, maxMs: 8000 },
      onProgress: (progress) => states.push(progress.state),
    });
    await sink.write(chunk(7));
    await flush();
    expect(target.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(target.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(target.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(target.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(target.received.length).toBe(100);
    expect(states).toContain('retrying');
    await sink.close();
    expect((await sink.done).state).toBe('finished');
  });

  it('gives up on a permanent refusal at once, and after the attempts allowed otherwise; the spool keeps going', async () => {
    const refused = new FakeTarget();
    refused.failures = [new Refused('413')];
    const spool = await spoolOn();
    const sink = sinkWith(refused, { spool });
    await sink.write(chunk(1));
    const result = await sink.done;
    expect(result.state).toBe('failed');
    expect(result.error).toBeInstanceOf(Refused);
    expect(refused.requests).toHaveLength(1);
    await sink.write(chunk(2)); // the recording goes on into the local copy
    expect(spool.size).toBe(200);

    const flaky = new FakeTarget();
    flaky.failures = Array.from({ length: 10 }, () => new Error('500'));
    const limited = sinkWith(flaky, { retry: { attempts: 2, minMs: 10 } });
    await limited.write(chunk(1));
    await vi.advanceTimersByTimeAsync(1000);
    expect((await limited.done).state).toBe('failed');
    expect(flaky.requests).toHaveLength(3);
  });

  it('keeps at most maxMemoryBytes in memory and reads the rest back from the spool', async () => {
    const target = new FakeTarget();
    target.hold = true;
    const spool = await spoolOn();
    const read = vi.spyOn(spool, 'read');
    const sink = sinkWith(target, { spool, maxMemoryBytes: 300 });
    const written: Blob[] = [];
    for (let i = 0; i < 10; i++) {
      written.push(chunk(i));
      await sink.write(written.at(-1)!); // never waits: the spool has it
    }
    expect(spool.size).toBe(1000);
    target.release();
    await flush();
    await sink.close();
    await vi.advanceTimersByTimeAsync(0);
    expect((await sink.done).state).toBe('finished');
    expect([...target.received]).toEqual([...(await bytesOf(new Blob(written)))]);
    expect(read).toHaveBeenCalled();
  });

  it('without a spool, holds the recorder back once maxMemoryBytes are waiting', async () => {
    const target = new FakeTarget();
    target.hold = true;
    const sink = sinkWith(target, { maxMemoryBytes: 250 });
    await sink.write(chunk(1));
    await sink.write(chunk(2));
    let third = false;
    const writing = sink.write(chunk(3)).then(() => (third = true));
    await flush();
    expect(third).toBe(false);
    target.release();
    await flush();
    await writing;
    expect(third).toBe(true);
    await sink.close();
    target.release();
    await flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(target.received.length).toBe(300);
  });

  it('starts a new upload from the spool when the server lost the first one', async () => {
    const first = new FakeTarget();
    const second = new FakeTarget();
    const targets = [first, second];
    const spool = await spoolOn();
    const sink = sinkWith(() => targets.shift()!, { spool, maxMemoryBytes: 100 });
    await sink.write(chunk(1));
    await flush();
    expect(first.received.length).toBe(100);
    first.failures = [new Gone('404')];
    await sink.write(chunk(2));
    await flush();
    await sink.close();
    await vi.advanceTimersByTimeAsync(0);
    expect((await sink.done).state).toBe('finished');
    expect([...second.received]).toEqual([...(await bytesOf(new Blob([chunk(1), chunk(2)])))]);
    expect(second.finished).toBe(true);
  });

  it('goes on uploading when the spool runs out of room, and says so', async () => {
    const fs = new FakeOpfs(5000);
    const spool = await spoolOn(fs);
    fs.quotaBytes = fs.usedBytes() + 150;
    const target = new FakeTarget();
    const spoolErrors: unknown[] = [];
    const sink = sinkWith(target, { spool, onSpoolError: (error) => spoolErrors.push(error) });
    await sink.write(chunk(1));
    await sink.write(chunk(2));
    await sink.close();
    await vi.advanceTimersByTimeAsync(0);
    expect((await sink.done).state).toBe('finished');
    expect(target.received.length).toBe(200);
    expect(spoolErrors).toHaveLength(1);
    expect((spoolErrors[0] as DOMException).name).toBe('QuotaExceededError');
  });
});
