import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { CONVERSATION_CHANNEL } from '../conversation';
import type { Database } from '../platform/db/schema';

/**
 * What lost someone access, named so that only the live streams it touches look again: a person
 * (disabled, deleted, removed from a team or given another role), an API key (revoked), a video
 * (its visibility, links, gates or team changed, or it was deleted), a team (deleted).
 */
export type Revoked =
  | { kind: 'person'; uid: string }
  | { kind: 'key'; id: string }
  | { kind: 'video'; id: string }
  | { kind: 'team'; id: string };

/** A stream's interest in one revocation: `person:<uid>`, `key:<id>`, `video:<id>`, `team:<id>`. */
export const topicOf = (revoked: Revoked): string =>
  `${revoked.kind}:${revoked.kind === 'person' ? revoked.uid : revoked.id}`;

/** Heard by every stream: revocations may have been missed (a lost LISTEN connection). */
export const EVERY_TOPIC = '*';

/**
 * Revocations travel on the conversation channel, after a marker no video id (a UUID) starts
 * with: one LISTEN connection then hears a revocation and the comments posted after it in commit
 * order, so a stream of another process never shows a comment made after its caller lost access.
 */
const MARKER = 'revoked ';

type Listener = (topic: string) => void;

/** The live streams of one database in this process that wait on revocations. */
export class RevocationBus {
  /** Tells this process's own NOTIFYs apart from the others' (PostgreSQL echoes them back). */
  readonly instance = randomUUID();
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Listeners of every revocation whatever it names (caches of answers given under the old access). */
  private readonly everyRevocation = new Set<Listener>();

  /** Calls `listener` on each revocation, whatever it names; returns the unsubscriber. */
  onEveryRevocation(listener: Listener): () => void {
    this.everyRevocation.add(listener);
    return () => this.everyRevocation.delete(listener);
  }

  /** Calls `listener` on each revocation of one of `topics` (or EVERY_TOPIC); returns the unsubscriber. */
  subscribe(topics: Iterable<string>, listener: Listener): () => void {
    const held = [...new Set([...topics, EVERY_TOPIC])];
    for (const topic of held) {
      const set = this.listeners.get(topic) ?? new Set();
      set.add(listener);
      this.listeners.set(topic, set);
    }
    return () => {
      for (const topic of held) {
        const set = this.listeners.get(topic);
        set?.delete(listener);
        if (set?.size === 0) this.listeners.delete(topic);
      }
    };
  }

  emit(topic: string): void {
    const targets = topic === EVERY_TOPIC ? [...this.listeners.values()].flatMap((set) => [...set]) : [];
    if (topic !== EVERY_TOPIC) targets.push(...(this.listeners.get(topic) ?? []));
    for (const listener of new Set([...this.everyRevocation, ...targets])) listener(topic);
  }

  /**
   * A payload heard on the conversation channel: true when it was a revocation (another process's
   * is passed on to this process's streams; this process's own was passed on when published).
   */
  heard(payload: string): boolean {
    if (!payload.startsWith(MARKER)) return false;
    const rest = payload.slice(MARKER.length);
    const space = rest.indexOf(' ');
    const [instance, topic] = [rest.slice(0, space), rest.slice(space + 1)];
    if (space > 0 && instance !== this.instance && topic) this.emit(topic);
    return true;
  }
}

/**
 * The bus of each database: every service already holds the database, so a revocation is
 * published with what they have, as a NOTIFY is, without wiring a signal through each of them.
 */
const buses = new WeakMap<object, RevocationBus>();

export function revocationBus(db: Kysely<Database>): RevocationBus {
  let bus = buses.get(db);
  if (!bus) {
    bus = new RevocationBus();
    buses.set(db, bus);
  }
  return bus;
}

/**
 * Tells the live streams that `revoked` may have lost someone access, once the change committed:
 * this process's at once, the other API processes' by a NOTIFY (PostgreSQL; PGlite has one
 * process). A NOTIFY that fails is not the caller's failure: the streams' heartbeat looks anyway.
 */
export async function publishRevocation(db: Kysely<Database>, ...revoked: Revoked[]): Promise<void> {
  const bus = revocationBus(db);
  for (const one of revoked) {
    const topic = topicOf(one);
    bus.emit(topic);
    await sql`select pg_notify(${CONVERSATION_CHANNEL}, ${`${MARKER}${bus.instance} ${topic}`})`
      .execute(db)
      .catch(() => undefined);
  }
}
