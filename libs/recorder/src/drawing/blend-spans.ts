// The byte-level blending the mask's apply runs: short runs by arithmetic, longer ones by table
// look-up, the longest through whole 32-bit words. Apart from blend.ts so each file keeps one job.

export const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Runs at least this long are blended by table look-up, shorter ones by arithmetic. */
export const TABLE_RUN = 4;

/** Bytes start, start + step, … before end moved towards `target` by `alpha`, as a table would. */
export function blendBytes(data: Uint8Array, start: number, end: number, step: number, alpha: number, target: number) {
  for (let at = start; at < end; at += step) data[at] = Math.round(data[at]! + (target - data[at]!) * alpha);
}

/** Runs at least this long are blended four bytes at a time (two look-ups in a two-byte table). */
const WIDE_RUN = 32;

/**
 * Blends bytes [start, end) of `data` by the tables at `even` (even addresses) and `odd` (odd
 * ones). A long run goes through whole 32-bit words with a 65,536-entry table of two bytes at once:
 * about three times as fast as a byte at a time, for a spotlight's dim over most of the picture.
 */
export function blendSpan(
  data: Uint8Array,
  words: Uint32Array | null,
  start: number,
  end: number,
  even: number,
  odd: number,
  pool: Uint8Array,
  tables: { wide(even: number, odd: number): Uint16Array | null },
) {
  let at = start;
  const wide = words && end - start >= WIDE_RUN ? tables.wide(even, odd) : null;
  if (wide) {
    for (; at % 4 !== 0; at += 1) data[at] = pool[(at % 2 === 0 ? even : odd) + data[at]!]!;
    const stop = end >> 2;
    for (let word = at >> 2; word < stop; word += 1) {
      const value = words![word]!;
      words![word] = wide[value & 0xffff]! | (wide[value >>> 16]! << 16);
    }
    at = stop << 2;
  }
  for (; at < end; at += 1) data[at] = pool[(at % 2 === 0 ? even : odd) + data[at]!]!;
}

/** The column after the 2 × 2 blocks from `column` on whose pixels are these four. */
export function sameBlocksUntil(
  pixels: Uint32Array,
  width: number,
  height: number,
  row: number,
  column: number,
  q00: number,
  q01: number,
  q10: number,
  q11: number,
): number {
  let next = column + 2;
  if (row + 1 >= height || width % 2 !== 0) return next;
  const top = row * width;
  const bottom = top + width;
  while (
    next < width &&
    pixels[top + next] === q00 &&
    pixels[top + next + 1] === q01 &&
    pixels[bottom + next] === q10 &&
    pixels[bottom + next + 1] === q11
  ) {
    next += 2;
  }
  return next;
}

/** Numbers per luma run and per chroma run. */
export const LUMA = 5;
export const CHROMA = 7;

/**
 * 256-entry tables, one per opacity and value blended towards: `table[v]` is
 * `Math.round(v + (target - v) * alpha)`, so a frame's blend is a table look-up a byte. A spotlight
 * or a line of one colour needs few (one per edge opacity); past `limit` tables (a long recording
 * of many colours) the mask makes them again for the runs it still has.
 */
export function blendTables(limit = 8192, wideLimit = 32) {
  let pool = new Uint8Array(256 * 64);
  let offsets = new Map<string, number>();
  let wides = new Map<number, Uint16Array>();
  return {
    get pool() {
      return pool;
    },
    get full() {
      return offsets.size >= limit;
    },
    reset() {
      offsets = new Map();
      wides = new Map();
    },
    /** The two-byte table of tables `even` (low byte) and `odd` (high byte); null past `wideLimit` of them. */
    wide(even: number, odd: number): Uint16Array | null {
      const key = even * 65536 + odd;
      const known = wides.get(key);
      if (known) return known;
      if (wides.size >= wideLimit) return null;
      const made = new Uint16Array(65536);
      for (let value = 0; value < 65536; value += 1)
        made[value] = pool[even + (value & 255)]! | (pool[odd + (value >> 8)]! << 8);
      wides.set(key, made);
      return made;
    },
    offsetOf(alpha: number, target: number): number {
      const key = `${alpha}:${target}`;
      const known = offsets.get(key);
      if (known !== undefined) return known;
      const offset = offsets.size * 256;
      if (offset + 256 > pool.length) {
        const grown = new Uint8Array(pool.length * 2);
        grown.set(pool);
        pool = grown;
      }
      for (let value = 0; value < 256; value += 1) pool[offset + value] = Math.round(value + (target - value) * alpha);
      offsets.set(key, offset);
      return offset;
    },
  };
}
