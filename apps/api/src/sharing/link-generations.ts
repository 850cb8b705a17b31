import type { Kysely } from 'kysely';
import { findLinkGeneration } from '../videos';
import type { Database } from '../platform/db/schema';

/** Videos whose generation is remembered at once; past it the memory starts over. */
const KNOWN_MAX = 10_000;

/** Which generation of a video's signed URLs is current: what the stream route checks a URL's `g` against. */
export interface CurrentLinkGenerations {
  /** Undefined when there is no such video. */
  current(videoId: string): Promise<number | undefined>;
}

/**
 * The current generation of each video's signed URLs (videos.link_generation), read on the
 * requests that present a signed URL. A playing video asks for hundreds of ranges through one URL,
 * so each generation read is remembered for `maxAgeMs` (1 s): one indexed lookup per video per
 * second, the rest a map lookup. A revocation made in this process forgets the video at once, so
 * here it takes effect on the next request; another API process of a cluster may still honour the
 * old URLs for up to `maxAgeMs`.
 */
export class LinkGenerations implements CurrentLinkGenerations {
  private readonly known = new Map<string, { generation: Promise<number | undefined>; until: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly maxAgeMs = 1000,
    private readonly now: () => number = () => Date.now(),
  ) {}

  current(videoId: string): Promise<number | undefined> {
    const hit = this.known.get(videoId);
    if (hit && hit.until > this.now()) return hit.generation;
    const generation = findLinkGeneration(this.db, videoId);
    // A failed read is not remembered: the next request asks again.
    generation.catch(() => this.known.get(videoId)?.generation === generation && this.known.delete(videoId));
    if (this.known.size >= KNOWN_MAX) this.known.clear();
    this.known.set(videoId, { generation, until: this.now() + this.maxAgeMs });
    return generation;
  }

  /** Called once a revocation of `videoId`'s URLs committed: the next check reads the database. */
  forget(videoId: string): void {
    this.known.delete(videoId);
  }

  /** Called once a revocation of many videos' URLs committed (a team's): every next check reads the database. */
  forgetAll(): void {
    this.known.clear();
  }
}
