export { createIdbSpoolStore } from './idb-spool.ts';
export { createOpfsSpoolStore, type OpfsDirectory, type OpfsFile, type OpfsWritable } from './opfs-spool.ts';
export {
  freeSpoolBytes,
  hasSpoolStorage,
  lowSpaceBytes,
  openSpoolStore,
  type StorageManagerLike,
} from './open-spool-store.ts';
export type { Spool, SpoolChanges, SpooledRecording, SpooledUpload, SpoolStore } from './spool.ts';
export {
  createUploadSink,
  type UploadProgress,
  type UploadSink,
  type UploadSinkOptions,
  type UploadTarget,
} from './upload-sink.ts';
