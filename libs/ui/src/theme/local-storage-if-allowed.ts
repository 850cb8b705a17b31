// The guarded localStorage is a primitive now (primitives/local-storage-if-allowed.ts). The
// player's remembered rate still imports it by this path; this file goes once it imports it from
// ../primitives.
export * from '../primitives/local-storage-if-allowed';
