import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full collection kept, in percent.
 * The API's heap is mostly long-lived (its modules, the embedded database's), about 45 MB; with
 * V8's own factor (about 1.5 here) the room left above it was smaller than the young generation,
 * so V8 started a full marking every ~23 MB of upload: 45 per GiB, over half of the upload's CPU
 * (bench:api; 3.8 s of CPU per GiB against 1.0-1.6 s with this, 6-8 full collections per GiB).
 * Doubling costs at most the live size again in memory, and only while garbage accumulates.
 */
export const HEAP_GROWING_PERCENT = 100;

/**
 * Applies HEAP_GROWING_PERCENT to this process. V8 reads the factor each time it sets a new limit,
 * so setting it at start-up works as the command-line flag would, for every way the server is
 * started (npm start, npm run serve, the container) without repeating the flag in each.
 */
export function tuneHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
