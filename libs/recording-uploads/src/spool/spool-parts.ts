import type { Spool, SpoolChanges, SpooledRecording } from './spool.ts';

// What the OPFS and IndexedDB spools share: both keep a recording as parts keyed by their first
// byte's offset, beside one metadata record.

/** Where a part's bytes sit in the recording. */
export interface PartPlace {
  readonly offset: number;
  readonly size: number;
}

/** Bytes spooled: a part written but not in the metadata (a crash between the two) still counts. */
export const spooledSize = (parts: readonly PartPlace[]) =>
  parts.reduce((total, part) => Math.max(total, part.offset + part.size), 0);

/** The parts that hold bytes of [from, to). */
export const partsIn = <P extends PartPlace>(parts: readonly P[], from: number, to: number): P[] =>
  parts.filter((part) => part.offset + part.size > from && part.offset < to);

/** The bytes of [from, to) in a part that starts at `offset`. */
export const pieceOf = (blob: Blob, offset: number, from: number, to: number) =>
  blob.slice(Math.max(0, from - offset), to - offset);

/** A new recording's metadata: nothing spooled, nothing uploaded. */
export const newRecording = ({ mimeType, startedAt }: { mimeType: string; startedAt: number }): SpooledRecording => ({
  id: `${startedAt}-${Math.random().toString(36).slice(2, 10)}`,
  mimeType,
  startedAt,
  size: 0,
  durationMs: 0,
  uploadedBytes: 0,
  stopped: false,
  uploaded: false,
});

/**
 * A spool over a store's parts: its id, size and info read `current()`, an update saves the
 * merged metadata, and the store does the rest.
 */
export function spoolOf(
  current: () => SpooledRecording,
  save: (next: SpooledRecording) => Promise<void>,
  store: Pick<Spool, 'append' | 'read' | 'remove'>,
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
    update: (changes: SpoolChanges) => save({ ...current(), ...changes }),
    ...store,
  };
}
