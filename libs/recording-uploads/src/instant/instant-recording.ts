import type { SinkSpec } from '@stream/recorder';
import { freeSpoolBytes, lowSpaceBytes } from '../spool/open-spool-store.ts';
import type { Spool, SpooledRecording, SpoolStore } from '../spool/spool.ts';
import { createUploadSink, type UploadSink } from '../spool/upload-sink.ts';
import { lazySpool } from './lazy-spool.ts';
import type { SharedLink, WhoCanWatch } from '../share/share-link.ts';
import { ResumableUploadError, type ResumableClient, type ResumableUpload, type UploadRef } from '@stream/video-api';
import { listenerSet } from '../listeners.ts';

/** What /record shows of the recording that uploads while it is made. */
export interface InstantState {
  readonly active: boolean;
  readonly videoId?: string;
  /** The watch-page link, minted as soon as the upload exists. */
  readonly link?: string;
  /** Who can watch it, as minting the link left it. */
  readonly visibility?: WhoCanWatch;
  /** Every try to mint the link failed. */
  readonly linkFailed: boolean;
  readonly recordedBytes: number;
  readonly uploadedBytes: number;
  readonly upload: 'uploading' | 'retrying' | 'finished' | 'failed';
  /** The server cannot be reached; the recording is safe in the spool meanwhile. */
  readonly offline: boolean;
  /** The browser's storage for the local copy is running out. */
  readonly lowSpace: boolean;
  /** No local copy could be kept (neither OPFS nor IndexedDB, or it filled up). */
  readonly noLocalCopy: boolean;
  /**
   * The server refused the upload because its owner's storage quota is full. The upload
   * stopped for good; the local copy is kept, to download or to resume once there is room.
   */
  readonly quotaExceeded: boolean;
}

export interface InstantRecordingDeps {
  /** The resumable client; its onConnectivity must call `connectivity` (see createInstantRecording). */
  client: ResumableClient;
  /** Mints the video's share link (ShareVideo): the watch-page URL and who can watch. */
  share(videoId: string): Promise<SharedLink>;
  /** Whether the video is READY: the local copy may go. */
  isReady(videoId: string): Promise<boolean>;
  spools: Promise<SpoolStore | undefined>;
  storage?: Parameters<typeof freeSpoolBytes>[0];
  /** How often to ask whether a finished upload is READY. */
  readyPollMs?: number;
  /** The first wait before asking again for a link the server did not mint (doubling to 30 s). */
  linkRetryMs?: number;
}

export interface InstantRecording {
  /** The sinks of a recording that starts now: give to RecorderOptions.sinks. */
  sinks(recording: { mimeType: string }): SinkSpec[];
  readonly state: InstantState;
  subscribe(listener: (state: InstantState) => void): () => void;
  /** The resumable client reports whether the server can be reached. */
  connectivity(state: 'online' | 'offline'): void;
  /** Whether the current recording's upload has every byte (else the page uploads the whole file). */
  settled(): Promise<InstantState>;
  /**
   * The current recording's upload failed and the page uploads the whole file instead: gives the
   * failed upload up (its video goes, so the library keeps no half video and the page no stale
   * link), then runs `uploadWhole`. The local copy stays, out of Unfinished recordings while
   * `uploadWhole` runs, until `wholeFileUploaded` says the file is in.
   */
  fallBack(uploadWhole: () => Promise<unknown>): Promise<void>;
  /** The whole file of the recording that fell back is in (at once, or by a Re-upload): its local copy goes. */
  wholeFileUploaded(): Promise<void>;
  /** Recordings an earlier page left unfinished (a reload, a crash). */
  unfinished(): Promise<SpooledRecording[]>;
  /** Continues a spooled recording's upload where the server stands (the same video), or anew if the server lost it. */
  resume(
    id: string,
    onProgress?: (uploaded: number) => void,
  ): Promise<{ videoId: string; link?: string; visibility?: WhoCanWatch }>;
  /** The spooled recording's bytes. */
  download(id: string): Promise<Blob>;
  /** Deletes the local copy, and the unfinished upload on the server. */
  discard(id: string): Promise<void>;
}

const idle: InstantState = {
  active: false,
  recordedBytes: 0,
  uploadedBytes: 0,
  upload: 'uploading',
  linkFailed: false,
  offline: false,
  lowSpace: false,
  noLocalCopy: false,
  quotaExceeded: false,
};

const isGone = (error: unknown) => error instanceof ResumableUploadError && error.code === 'gone';
const isPermanent = (error: unknown) =>
  error instanceof ResumableUploadError &&
  ['too-large', 'quota-exceeded', 'refused', 'unauthenticated', 'aborted'].includes(error.code);
const isOverQuota = (error: unknown) => error instanceof ResumableUploadError && error.code === 'quota-exceeded';

/**
 * The instant path: each recording is spooled locally and uploaded while it is made, its link
 * minted at the start; after Stop the server finishes it in seconds. Recordings left behind by a
 * reload are resumed from the spool. The recorder only sees a sink.
 */
export function createInstantRecording(deps: InstantRecordingDeps): InstantRecording {
  let state: InstantState = idle;
  /** The page's recording: its sink, its local copy, and the upload its sink made last (if any yet). */
  let current: { sink: UploadSink; spool: Promise<Spool | undefined>; upload(): UploadRef | undefined } | undefined;
  /** The local copy of the recording that fell back to the whole file, until that file is in. */
  let fellBack: Spool | undefined;
  /** The spool a whole-file upload is sending: not an unfinished recording meanwhile. */
  let fallingBack: string | undefined;
  const listeners = listenerSet<InstantState>();
  const replace = (next: InstantState) => {
    state = next;
    listeners.notify(state);
  };
  const set = (changes: Partial<InstantState>) => replace({ ...state, ...changes });

  /** Removes the local copy once the video is READY (polling), as long as the page lives. */
  function dropWhenReady(spool: Spool, videoId: string) {
    const poll = async () => {
      const ready = await deps.isReady(videoId).catch(() => false);
      if (ready) await spool.remove().catch(() => undefined);
      else setTimeout(() => void poll(), deps.readyPollMs ?? 2000);
    };
    void poll();
  }

  /** Gives an upload up on the server, if it is still there (best effort: it expires anyway). */
  async function discardUpload(ref: UploadRef) {
    await deps.client
      .resume(ref)
      .then((upload) => upload.discard())
      .catch(() => undefined);
  }

  async function linkFor(videoId: string): Promise<SharedLink | undefined> {
    return deps.share(videoId).catch(() => undefined);
  }

  /**
   * The current recording's link, asked for again after a failure (a dropped request must not
   * leave "Making the link..." for good): up to 9 tries over about 2 minutes, while this recording
   * is the page's.
   */
  async function mintLink(videoId: string) {
    const stillShown = () => state.videoId === videoId;
    for (let attempt = 0; stillShown(); attempt++) {
      const link = await linkFor(videoId);
      if (link && stillShown()) {
        set({ link: link.url, visibility: link.visibility });
        return;
      }
      if (attempt >= 8) {
        set({ linkFailed: true });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, (deps.linkRetryMs ?? 1000) * 2 ** attempt)));
    }
  }

  return {
    get state() {
      return state;
    },
    subscribe: listeners.subscribe,
    connectivity(reachable) {
      if (state.active) set({ offline: reachable === 'offline' });
    },
    sinks({ mimeType }) {
      const startedAt = Date.now();
      const spool = deps.spools.then((store) => store?.create({ mimeType, startedAt })).catch(() => undefined);
      replace({ ...idle, active: true }); // nothing of the previous recording (its video, its link) carries over
      fellBack = undefined; // a Re-upload now sends this recording; the last one's copy stays unfinished
      void spool.then((created) => set({ noLocalCopy: !created }));
      void freeSpoolBytes(deps.storage).then((free) => set({ lowSpace: free !== undefined && free < lowSpaceBytes }));
      let made: UploadRef | undefined;
      const sink = createUploadSink({
        spool: lazySpool(spool),
        connect: async () => {
          const upload = await deps.client.create();
          made = { url: upload.url, videoId: upload.videoId };
          await (await spool)?.update({ upload: made });
          set({ videoId: upload.videoId });
          void mintLink(upload.videoId);
          return upload;
        },
        isGone,
        isPermanent,
        onProgress: (progress) => {
          if (progress.state === 'discarded') return;
          set({
            recordedBytes: progress.recordedBytes,
            uploadedBytes: progress.uploadedBytes,
            upload: progress.state,
            ...(progress.state === 'failed' && isOverQuota(progress.error) ? { quotaExceeded: true } : {}),
          });
          void spool.then((created) => created?.update({ durationMs: Date.now() - startedAt }));
        },
        onSpoolError: () => set({ noLocalCopy: true }),
      });
      current = { sink, spool, upload: () => made };
      void sink.done.then(async (progress) => {
        // Nothing was recorded (the recorder says so): no upload, no local copy, nothing to show.
        if (progress.state === 'discarded') {
          if (current?.sink === sink) replace(idle);
          return;
        }
        const created = await spool;
        if (progress.state === 'finished' && created && state.videoId) dropWhenReady(created, state.videoId);
      });
      return [{ name: 'upload', sink, maxQueuedBytes: 128 * 1024 * 1024 }];
    },
    async settled() {
      if (!current) return state;
      await current.sink.done;
      set({ active: false, offline: false });
      return state;
    },
    async fallBack(uploadWhole) {
      const spool = await current?.spool;
      const ref = current?.upload(); // known without a local copy too
      fellBack = spool;
      fallingBack = spool?.id;
      current = undefined;
      replace(idle);
      try {
        if (ref) await discardUpload(ref);
        await uploadWhole();
      } finally {
        fallingBack = undefined;
      }
    },
    async wholeFileUploaded() {
      const copy = fellBack;
      fellBack = undefined;
      await copy?.remove().catch(() => undefined);
    },
    async unfinished() {
      const store = await deps.spools;
      if (!store) return [];
      const found: SpooledRecording[] = [];
      for (const recording of await store.list()) {
        if (state.active && (await current?.spool)?.id === recording.id) continue;
        if (fallingBack === recording.id) continue;
        // An uploaded one is not unfinished: its copy waits for READY (then goes) in case processing needs it again.
        if (recording.uploaded) {
          if (recording.upload && (await deps.isReady(recording.upload.videoId).catch(() => false)))
            await (await store.open(recording.id))?.remove();
          continue;
        }
        found.push(recording);
      }
      return found;
    },
    async resume(id, onProgress) {
      const spool = await (await deps.spools)?.open(id);
      if (!spool) throw new Error('This recording is no longer on this computer');
      let upload: ResumableUpload | undefined;
      const ref = spool.info.upload;
      if (ref)
        upload = await deps.client.resume(ref).catch((error: unknown) => {
          if (isGone(error)) return undefined;
          throw error;
        });
      if (!upload) {
        upload = await deps.client.create();
        await spool.update({ upload: { url: upload.url, videoId: upload.videoId }, uploadedBytes: 0 });
      }
      if (!upload.finished) {
        await upload.append(await spool.read(upload.offset), upload.offset);
        onProgress?.(upload.offset);
        await upload.finish();
      }
      await spool.update({ uploaded: true, uploadedBytes: upload.offset, stopped: true });
      dropWhenReady(spool, upload.videoId);
      const link = await linkFor(upload.videoId);
      return { videoId: upload.videoId, ...(link ? { link: link.url, visibility: link.visibility } : {}) };
    },
    async download(id) {
      const spool = await (await deps.spools)?.open(id);
      if (!spool) throw new Error('This recording is no longer on this computer');
      return spool.read();
    },
    async discard(id) {
      const spool = await (await deps.spools)?.open(id);
      if (!spool) return;
      const ref = spool.info.upload;
      if (ref && !spool.info.uploaded) await discardUpload(ref);
      await spool.remove();
    },
  };
}
