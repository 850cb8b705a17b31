import type { Spool, SpooledRecording } from '../spool/spool.ts';

/** A spool still being created: each call waits for it (and fails if there is none). */
export function lazySpool(created: Promise<Spool | undefined>): Spool {
  const ready = async () => {
    const spool = await created;
    if (!spool) throw new Error('No local copy');
    return spool;
  };
  return {
    id: '',
    size: 0,
    get info(): SpooledRecording {
      throw new Error('Not known until the spool exists');
    },
    append: async (chunk) => (await ready()).append(chunk),
    read: async (from, to) => (await ready()).read(from, to),
    update: async (changes) => (await ready()).update(changes),
    remove: async () => (await ready()).remove(),
  };
}
