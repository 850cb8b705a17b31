import type { Kysely } from 'kysely';
import * as quotas from '../db/quota.repository';
import type { Database } from '../db/video.table';
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
 * Per-person storage quotas (issue 32): a person's own quota, else the instance default, else
 * none. Checked when an upload declares its length and while a resumable one takes bytes.
 */
export class QuotaService {
  constructor(private readonly deps: QuotaDeps) {}

  /** The quota that applies to `uid`; undefined: unlimited. */
  async quotaOf(uid: string): Promise<number | undefined> {
    return (await quotas.ownQuota(this.deps.db, uid)) ?? this.deps.defaultQuotaBytes;
  }

  async use(uid: string): Promise<StorageUse> {
    const [usedBytes, quotaBytes] = await Promise.all([quotas.usedBytes(this.deps.db, uid), this.quotaOf(uid)]);
    return quotaBytes === undefined ? { usedBytes } : { usedBytes, quotaBytes };
  }

  /** Bytes `uid` may still store; Infinity when unlimited, below 0 when already over. */
  async room(uid: string): Promise<number> {
    const { usedBytes, quotaBytes } = await this.use(uid);
    return quotaBytes === undefined ? Infinity : quotaBytes - usedBytes;
  }

  /** Throws QuotaExceededError when `bytes` more would take `uid` past their quota. */
  async check(uid: string, bytes: number): Promise<void> {
    const { usedBytes, quotaBytes } = await this.use(uid);
    if (quotaBytes !== undefined && usedBytes + bytes > quotaBytes)
      throw new QuotaExceededError(bytes, quotaBytes - usedBytes, quotaBytes);
  }

  /** `uid`'s videos by stored bytes, largest first. */
  videosBySize(uid: string, limit = 500) {
    return quotas.videosBySize(this.deps.db, uid, limit);
  }
}
