/**
 * The local copy of a recording: every chunk is written here before it is uploaded,
 * and stays until the server has it all and the video is READY, so a lost network, a reload or a
 * crashed tab loses nothing. OPFS where the browser has it (opfs-spool.ts), else IndexedDB
 * (idb-spool.ts); open-spool-store.ts picks.
 */

/** Where a recording's upload lives, to resume it after a reload. */
export interface SpooledUpload {
  readonly url: string;
  readonly videoId: string;
}

/** What is known of a spooled recording without reading its bytes. */
export interface SpooledRecording {
  readonly id: string;
  readonly mimeType: string;
  /** Epoch ms when recording started. */
  readonly startedAt: number;
  /** Bytes spooled. */
  readonly size: number;
  /** How long the recording ran, as far as known (updated as it records). */
  readonly durationMs: number;
  /** Set once its resumable upload exists. */
  readonly upload?: SpooledUpload;
  /** Bytes the server acknowledged, as last known. */
  readonly uploadedBytes: number;
  /** The recording ended (Stop); false when the tab went away mid-recording. */
  readonly stopped: boolean;
  /** The server has every byte and the length: only waiting for READY before the copy goes. */
  readonly uploaded: boolean;
}

export type SpoolChanges = Partial<
  Pick<SpooledRecording, 'upload' | 'uploadedBytes' | 'durationMs' | 'stopped' | 'uploaded'>
>;

/** One recording's local copy. Appends are in order; reads may come at any time. */
export interface Spool {
  readonly id: string;
  readonly size: number;
  readonly info: SpooledRecording;
  append(chunk: Blob): Promise<void>;
  /** Bytes [from, to) (to: the end by default), as a Blob backed by the stored files. */
  read(from?: number, to?: number): Promise<Blob>;
  update(changes: SpoolChanges): Promise<void>;
  /** Deletes the copy. */
  remove(): Promise<void>;
}

export interface SpoolStore {
  create(recording: { mimeType: string; startedAt: number }): Promise<Spool>;
  /** Every recording spooled here, oldest first. */
  list(): Promise<SpooledRecording[]>;
  open(id: string): Promise<Spool | undefined>;
}

/** A new recording's info: nothing spooled, uploaded or stopped yet; its id begins with when it started. */
export function newRecording({ mimeType, startedAt }: { mimeType: string; startedAt: number }): SpooledRecording {
  const id = `${startedAt}-${Math.random().toString(36).slice(2, 10)}`;
  return { id, mimeType, startedAt, size: 0, durationMs: 0, uploadedBytes: 0, stopped: false, uploaded: false };
}

/** A Spool whose id, size and info are `current()`'s at each read, with a store's own methods. */
export function spoolOf(
  current: () => SpooledRecording,
  methods: Pick<Spool, 'append' | 'read' | 'update' | 'remove'>,
): Spool {
  return {
    get id() {
      return current().id;
    },
    get size() {
      return current().size;
    },
    get info() {
      return current();
    },
    ...methods,
  };
}

/** Bytes spooled: to the end of the last part (a part written but not yet in the metadata counts). */
export const spooledSize = (parts: readonly { offset: number; size: number }[]) =>
  parts.reduce((total, part) => Math.max(total, part.offset + part.size), 0);
