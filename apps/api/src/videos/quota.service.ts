import type { Kysely } from 'kysely';
import * as quotas from './quota.repository';
import type { Database } from '../platform/db/schema';
import { QuotaExceededError } from './quota';

export interface QuotaDeps {
  db: Kysely<Database>;
  /** DEFAULT_QUOTA_BYTES; undefined: unlimited. */
  defaultQuotaBytes?: number;
}

/** Where a person stands against their quota; `quotaBytes` undefined: unlimited. */
export interface StorageUse {
  usedBytes: number;
  quotaBytes?: number;
}

/**
 * Per-person storage quotas: a person's own quota, else the instance default, else
 * none. Checked when an upload declares its length and while a resumable one takes bytes.
 */
export class QuotaService {
  constructor(private readonly deps: QuotaDeps) {}

  async use(uid: string): Promise<StorageUse> {
    const { usedBytes, ownQuotaBytes } = await quotas.storageStanding(this.deps.db, uid);
    const quotaBytes = ownQuotaBytes ?? this.deps.defaultQuotaBytes;
    return quotaBytes === undefined ? { usedBytes } : { usedBytes, quotaBytes };
  }

  /** Bytes `uid` may still store; Infinity when unlimited, below 0 when already over. */
  async room(uid: string): Promise<number> {
    const { usedBytes, quotaBytes } = await this.use(uid);
    return quotaBytes === undefined ? Infinity : quotaBytes - usedBytes;
  }

  /**
   * Throws QuotaExceededError when `bytes` more would take `uid` past their quota; else resolves
   * with the room they had before those bytes (as `room`), so one read serves a caller that needs both.
   */
  async check(uid: string, bytes: number): Promise<number> {
    const { usedBytes, quotaBytes } = await this.use(uid);
    if (quotaBytes === undefined) return Infinity;
    if (usedBytes + bytes > quotaBytes) throw new QuotaExceededError(bytes, quotaBytes - usedBytes, quotaBytes);
    return quotaBytes - usedBytes;
  }

  /** `uid`'s videos by stored bytes, largest first. */
  videosBySize(uid: string, limit = 500) {
    return quotas.videosBySize(this.deps.db, uid, limit);
  }
}
