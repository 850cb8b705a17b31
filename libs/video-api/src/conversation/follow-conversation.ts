import { Code, ConnectError, createClient, type Transport } from '@connectrpc/connect';
import { ConversationService, type ConversationEvent } from '@stream/proto';
import { SHARE_TOKEN_HEADER } from '../videos/queries';

export interface FollowOptions {
  transport: Transport;
  videoId: string;
  shareToken?: string;
  /** Where to start: ListComments' cursor; each event moves it on. */
  cursor: string;
  onEvent(event: ConversationEvent): void;
  signal: AbortSignal;
  /** Wait before reconnecting after the stream dropped (ms, grows to 10 s). */
  retryMs?: number;
}

const headersOf = (shareToken?: string) => (shareToken ? { [SHARE_TOKEN_HEADER]: shareToken } : undefined);

/**
 * Follows a video's conversation until `signal` aborts: each event to `onEvent`; when the stream
 * drops it reconnects after a pause from the last cursor, so nothing is missed. Resolves when
 * aborted, or with the error when the video is not (or no longer) there for the caller.
 */
export async function followConversation(options: FollowOptions): Promise<ConnectError | undefined> {
  const client = createClient(ConversationService, options.transport);
  let cursor = options.cursor;
  let wait = options.retryMs ?? 500;
  /** The stream had opened when it ended: an unauthenticated end is tried once more (below). */
  let opened = false;
  let reopening = false;
  while (!options.signal.aborted) {
    try {
      opened = false;
      const stream = client.watchConversation(
        { videoId: options.videoId, sinceCursor: cursor },
        { signal: options.signal, headers: headersOf(options.shareToken) },
      );
      for await (const event of stream) {
        cursor = event.cursor || cursor;
        wait = options.retryMs ?? 500;
        opened = true;
        reopening = false;
        options.onEvent(event);
      }
    } catch (error) {
      if (options.signal.aborted) return undefined;
      const failure = ConnectError.from(error);
      // The server ends an open stream when the ID token it was opened with expires: reopened
      // at once, the call carries the fresh token the transport now has. Refused again, it stops.
      if (failure.code === Code.Unauthenticated && opened && !reopening) {
        reopening = true;
        continue;
      }
      if ([Code.NotFound, Code.Unauthenticated, Code.PermissionDenied, Code.InvalidArgument].includes(failure.code))
        return failure;
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
    wait = Math.min(wait * 2, 10_000);
  }
  return undefined;
}

export const conversationClient = (transport: Transport) => createClient(ConversationService, transport);
export { headersOf as conversationHeaders };
