import { instantMessages } from './messages.ts';
import type { SinkSpec } from '@stream/recorder';
import { uploadMessages, type UploadClient, type UploadResult } from '@stream/video-api';
import type { InstantRecording, InstantState } from './instant/instant-recording.ts';
import type { WhoCanWatch } from './share/share-link.ts';
import type { SpooledRecording } from './spool/spool.ts';
import { listenerSet } from './listeners.ts';

type UploadFailure = Extract<UploadResult, { ok: false }>;

/**
 * Where the recording of the page stands on its way to a video: one state for both paths (upload
 * while recording, and the whole file after Stop).
 */
export type RecordingUploadState =
  | { readonly status: 'idle' }
  /** A recording is being made; on the instant path it uploads meanwhile (`instant`). */
  | { readonly status: 'recording'; readonly instant?: InstantState }
  /** Stopped; the rest of the upload is on its way. `progress` 0–100 (the whole file's percent). */
  | {
      readonly status: 'finishing';
      readonly path: 'instant' | 'whole-file';
      readonly progress: number;
      readonly instant?: InstantState;
    }
  /** The server has every byte: `message` is docs/product.md's 'Video uploaded successfully!'. */
  | {
      readonly status: 'uploaded';
      /** How it got there: a `resumed` recording is one an earlier page left unfinished. */
      readonly path: 'instant' | 'whole-file' | 'resumed';
      readonly message: string;
      readonly videoId?: string;
      /** The watch-page link, once minted (the instant path and a resumed recording have one). */
      readonly link?: string;
      /** Who can watch it, as minting the link left it. */
      readonly visibility?: WhoCanWatch;
      /** Every try to mint the link failed. */
      readonly linkFailed: boolean;
    }
  /** The whole file did not get through: `reason` says why (docs/product.md, Messages); `retry()` sends it again. */
  | { readonly status: 'recoverable'; readonly reason: string; readonly code: UploadFailure['code'] };

export interface RecordingUploads {
  readonly state: RecordingUploadState;
  subscribe(listener: (state: RecordingUploadState) => void): () => void;
  /** Upload while recording is on (a local copy can be kept); else the whole file goes after Stop. */
  readonly instant: boolean;
  /** The sinks of a recording that starts now: give to the recorder's `sinks` option. */
  sinks(recording: { mimeType: string }): SinkSpec[];
  /**
   * The recording stopped with `recording`: finishes its upload (the instant path's, or the whole
   * file, also in place of an instant upload that failed). Once per recording; resolves when done.
   */
  finish(recording: Blob): Promise<void>;
  /** Sends the last recording's whole file again after it failed (Re-upload Video). */
  retry(): Promise<void>;
  /** Recordings an earlier page left unfinished (a reload, a crash). */
  unfinished(): Promise<SpooledRecording[]>;
  /** Continues a spooled recording's upload (the same video, or anew if the server lost it); the state ends `uploaded`. */
  resume(id: string): Promise<{ videoId: string; link?: string; visibility?: WhoCanWatch }>;
  /** Changes who can watch a recording's video (its visibility alone); answers what the server saved. */
  setVisibility(videoId: string, visibility: WhoCanWatch): Promise<WhoCanWatch>;
  /** Names a recording's video (its title alone); answers the title the server saved. */
  setTitle(videoId: string, title: string): Promise<string>;
  download(id: string): Promise<Blob>;
  /** Deletes the local copy, and the unfinished upload on the server. */
  discard(id: string): Promise<void>;
}

export interface RecordingUploadsParts {
  /** The multipart upload of a whole file (`@stream/video-api`'s createUploadClient). */
  wholeFile: UploadClient;
  /** The instant path (createInstantRecording); without it, every recording uploads as a whole file. */
  instant?: InstantRecording | undefined;
  /** Where a failed whole-file upload is logged (default console.error). */
  log?: (message: string) => void;
  /** Changes who can watch a video (see `changeWhoCanWatch`); without it, setVisibility rejects. */
  changeVisibility?: (videoId: string, visibility: WhoCanWatch) => Promise<WhoCanWatch>;
  /** Renames a video (see `renameRecording`); without it, setTitle rejects. */
  rename?: (videoId: string, title: string) => Promise<string>;
}

const idle: RecordingUploadState = { status: 'idle' };
const noRecordings = () => Promise.reject(new Error('This browser keeps no local copy of recordings'));

/** The one object of a page's recordings, from its parts (createRecordingUploads wires the real ones). */
export function composeRecordingUploads({
  wholeFile,
  instant,
  log = (message) => console.error(message),
  changeVisibility = () => Promise.reject(new Error('This page cannot change who can watch')),
  rename = () => Promise.reject(new Error('This page cannot rename a video')),
}: RecordingUploadsParts): RecordingUploads {
  let state: RecordingUploadState = idle;
  /** The last recording's bytes (for Re-upload) and whether finish() already ran for it. */
  let last: Blob | undefined;
  const listeners = listenerSet<RecordingUploadState>();
  const replace = (next: RecordingUploadState) => {
    state = next;
    listeners.notify(state);
  };

  // The instant path's progress shows in the state it belongs to; its link may come after the upload.
  instant?.subscribe((live) => {
    if (state.status === 'recording' && !live.active && !live.videoId)
      replace(idle); // nothing was recorded
    else if (state.status === 'recording' || (state.status === 'finishing' && state.path === 'instant'))
      replace({ ...state, instant: live });
    else if (state.status === 'uploaded' && live.videoId && state.videoId === live.videoId)
      replace({
        ...state,
        ...(live.link ? { link: live.link } : {}),
        ...(live.visibility ? { visibility: live.visibility } : {}),
        linkFailed: live.linkFailed,
      });
  });

  /** Uploads the whole file; true once the server has it. */
  async function uploadWhole(recording: Blob): Promise<boolean> {
    if (wholeFile.isUploading) return false; // docs/product.md, States: one upload at a time
    const before = state;
    const attempt = { status: 'finishing', path: 'whole-file', progress: 0 } as const;
    replace(attempt);
    let current: RecordingUploadState = attempt;
    const result = await wholeFile.upload(recording, {
      onProgress: (progress) => {
        if (state === current) replace((current = { ...attempt, progress }));
      },
    });
    if (result.ok) {
      await instant?.wholeFileUploaded(); // a recording that fell back: its local copy can go
      replace({
        status: 'uploaded',
        path: 'whole-file',
        message: result.message,
        linkFailed: false,
        ...(result.videoId ? { videoId: result.videoId } : {}),
      });
    } else if (result.code === 'busy') {
      replace(before);
    } else {
      log(`Upload failed: ${result.detail}`);
      replace({ status: 'recoverable', reason: result.message, code: result.code });
    }
    return result.ok;
  }

  return {
    get state() {
      return state;
    },
    subscribe: listeners.subscribe,
    instant: instant !== undefined,
    sinks(recording) {
      const specs = instant?.sinks(recording) ?? [];
      replace({ status: 'recording', ...(instant ? { instant: instant.state } : {}) });
      return specs;
    },
    async finish(recording) {
      if (last === recording) return;
      last = recording;
      if (!instant?.state.active) {
        await uploadWhole(recording);
        return;
      }
      replace({ status: 'finishing', path: 'instant', progress: 0, instant: instant.state });
      const settled = await instant.settled();
      if (settled.upload !== 'failed') {
        replace({
          status: 'uploaded',
          path: 'instant',
          message: uploadMessages.success,
          linkFailed: settled.linkFailed,
          ...(settled.videoId ? { videoId: settled.videoId } : {}),
          ...(settled.link ? { link: settled.link } : {}),
          ...(settled.visibility ? { visibility: settled.visibility } : {}),
        });
        return;
      }
      // Over the storage quota, the whole file would be refused too: the local copy stays (to
      // download, or to resume), and Re-upload sends the whole file once there is room.
      if (settled.quotaExceeded) {
        replace({ status: 'recoverable', reason: instantMessages.quotaExceeded, code: 'quota-exceeded' });
        return;
      }
      // The instant upload failed: the whole file goes in its place.
      await instant.fallBack(() => uploadWhole(recording));
    },
    async retry() {
      if (state.status === 'recoverable' && last) await uploadWhole(last);
    },
    unfinished: async () => (instant ? instant.unfinished() : []),
    async resume(id) {
      if (!instant) return noRecordings();
      const resumed = await instant.resume(id);
      replace({ status: 'uploaded', path: 'resumed', message: uploadMessages.success, linkFailed: false, ...resumed });
      return resumed;
    },
    download: (id) => (instant ? instant.download(id) : noRecordings()),
    discard: (id) => (instant ? instant.discard(id) : noRecordings()),
    setVisibility: (videoId, visibility) => changeVisibility(videoId, visibility),
    setTitle: (videoId, title) => rename(videoId, title),
  };
}
