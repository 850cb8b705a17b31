// Kept spans are primitives now (primitives/kept-ranges.ts). The player still imports them by
// this path; this file goes once it imports them from ../primitives.
export * from '../primitives/kept-ranges';
