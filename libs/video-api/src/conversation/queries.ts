import type { Transport } from '@connectrpc/connect';
import { ConversationService } from '@stream/proto';
import { queryOptions } from '@tanstack/react-query';
import { unaryQuery } from '../query/unary-query';
import { stateOf } from './conversation-state';
import { conversationClient, conversationHeaders } from './follow-conversation';

/** Top-level comments a page of the conversation loads (each with its replies). */
export const COMMENT_PAGE_SIZE = 50;

/**
 * A video's first page of comments and its reactions, as the page keeps them (its live stream
 * writes into this query's `queryKey`, so it is never stale), by way of a link when `shareToken` is set.
 */
export function conversationQuery(transport: Transport, videoId: string, shareToken?: string) {
  return queryOptions({
    queryKey: ['conversation', videoId, shareToken ?? ''],
    queryFn: async () =>
      stateOf(
        await conversationClient(transport).listComments(
          { videoId, pageSize: COMMENT_PAGE_SIZE },
          { headers: conversationHeaders(shareToken) },
        ),
      ),
    staleTime: Infinity,
  });
}

/** How often the owner's insights of a video are asked for again. */
export const INSIGHTS_REFETCH_MS = 30_000;

/** The owner's insights of a video (views, who watched, retention). */
export const insightsQuery = (transport: Transport, videoId: string) => ({
  ...unaryQuery(ConversationService.method.getInsights, { videoId }, transport),
  refetchInterval: INSIGHTS_REFETCH_MS,
});

/** The signed-in person's notifications and unread count; marking some read invalidates its `queryKey`. */
export const notificationsQuery = (transport: Transport) =>
  unaryQuery(ConversationService.method.listNotifications, {}, transport);
