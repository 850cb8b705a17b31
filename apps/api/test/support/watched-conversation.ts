import { Code, ConnectError, type Client } from '@connectrpc/connect';
import type { ConversationService } from '@stream/proto';
import { onTestFinished } from 'vitest';
import { testTokens } from './test-tokens';
import { until } from './until';

export interface WatchedConversation {
  /** The texts of the comments the stream sent, in order. */
  comments: string[];
  /** How the stream ended: its error's code (undefined while open; 'done' when it just ended). */
  ended(): Code | 'done' | undefined;
  /** When it ended (Date.now()). */
  endedAt(): number | undefined;
  /** Resolves with how it ended, within `ms`. */
  end(ms: number): Promise<{ code: Code | 'done'; at: number }>;
}

/**
 * Opens WatchConversation of `videoId` with `client` and keeps reading it in the background; the
 * stream is cut when the test finishes. Resolves once its first heartbeat arrived (it is open).
 */
export async function watchConversation(
  client: Client<typeof ConversationService>,
  videoId: string,
): Promise<WatchedConversation> {
  const abort = new AbortController();
  onTestFinished(() => abort.abort());
  const comments: string[] = [];
  let opened = false;
  let ended: { code: Code | 'done'; at: number } | undefined;
  void (async () => {
    try {
      for await (const event of client.watchConversation({ videoId }, { signal: abort.signal })) {
        opened = true;
        if (event.event.case === 'commentAdded') comments.push(event.event.value.text);
      }
      ended = { code: 'done', at: Date.now() };
    } catch (error) {
      ended = { code: error instanceof ConnectError ? error.code : Code.Unknown, at: Date.now() };
    }
  })();
  await until('the stream to open', () => (opened || ended ? true : undefined), 20_000);
  if (!opened) throw new Error(`the stream did not open: ${String(ended?.code)}`);
  return {
    comments,
    ended: () => ended?.code,
    endedAt: () => ended?.at,
    end: (ms) => until('the stream to end', () => ended, ms),
  };
}

/**
 * `idToken` with its expiry moved to `seconds` from now: a test token signed again with the same
 * claims (test-tokens.ts), an emulator's token rewritten (the emulator signs nothing).
 */
export function tokenExpiringIn(idToken: string, seconds: number): string {
  const user = testTokens.verify(idToken);
  if (user)
    return testTokens.sign({
      uid: user.uid,
      ...(user.email === undefined ? {} : { email: user.email }),
      emailVerified: user.emailVerified === true,
      ...(user.name === undefined ? {} : { name: user.name }),
      ...(user.photoUrl === undefined ? {} : { picture: user.photoUrl }),
      expiresIn: seconds,
    });
  const [header, payload] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  const exp = Math.floor(Date.now() / 1000) + seconds;
  return [header, Buffer.from(JSON.stringify({ ...claims, exp })).toString('base64url'), ''].join('.');
}
