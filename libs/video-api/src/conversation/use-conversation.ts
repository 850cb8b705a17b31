import type { Transport } from '@connectrpc/connect';
import { REACTION_EMOJI } from '@stream/proto';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { describeVideoError } from '../errors/describe-video-error';
import { applyEvent, withComment, withoutComment, withPage, type ConversationState } from './conversation-state';
import { conversationClient, conversationHeaders, followConversation } from './follow-conversation';
import { COMMENT_PAGE_SIZE, conversationQuery } from './queries';
import { NOTIFICATIONS_MAY_CHANGE_EVENT } from './use-unread-count';

/**
 * A video's comments and reactions, kept current by its live stream (reconnecting from the last
 * cursor when it drops), and what the caller may do with them. `error` says in words why the last
 * action failed.
 */
export function useConversation({
  transport,
  videoId,
  shareToken,
}: {
  transport: Transport;
  videoId: string;
  shareToken?: string;
}) {
  const queryClient = useQueryClient();
  const options = conversationQuery(transport, videoId, shareToken);
  const key = options.queryKey;
  const client = conversationClient(transport);
  const headers = conversationHeaders(shareToken);
  const query = useQuery(options);
  const [error, setError] = useState<string>();
  const loaded = query.data !== undefined;
  const startCursor = useRef<string>(undefined);
  if (query.data && startCursor.current === undefined) startCursor.current = query.data.cursor;

  useEffect(() => {
    if (!loaded) return;
    const controller = new AbortController();
    void followConversation({
      transport,
      videoId,
      shareToken,
      cursor: startCursor.current ?? '',
      signal: controller.signal,
      onEvent: (event) => {
        queryClient.setQueryData<ConversationState>(key, (state) => state && applyEvent(state, event));
        if (event.event.case === 'commentAdded' || event.event.case === 'reactionAdded')
          window.dispatchEvent(new Event(NOTIFICATIONS_MAY_CHANGE_EVENT));
      },
    });
    return () => controller.abort();
  }, [loaded, transport, videoId, shareToken]);

  const update = (change: (state: ConversationState) => ConversationState) =>
    queryClient.setQueryData<ConversationState>(key, (state) => state && change(state));
  const attempt = async (action: () => Promise<void>): Promise<boolean> => {
    setError(undefined);
    try {
      await action();
      return true;
    } catch (failure) {
      setError(describeVideoError(failure).message);
      return false;
    }
  };

  const showMore = (pageToken: string) =>
    void attempt(async () => {
      const page = await client.listComments({ videoId, pageSize: COMMENT_PAGE_SIZE, pageToken }, { headers });
      update((state) => (state.nextPageToken === pageToken ? withPage(state, page) : state));
    });

  return {
    /** What the page shows, with the next page's loader when more comments follow (CommentsPanel's props). */
    state: query.data && {
      ...query.data,
      moreComments: query.data.nextPageToken !== '',
      onShowMore: () => showMore(query.data.nextPageToken),
    },
    isPending: query.isPending,
    loadError: query.isError ? describeVideoError(query.error).message : undefined,
    error,
    reactionEmoji: REACTION_EMOJI,
    post: (text: string, momentSeconds: number, parentId = '') =>
      attempt(async () => {
        const comment = await client.addComment({ videoId, text, momentSeconds, parentId }, { headers });
        update((state) => ({ ...state, comments: withComment(state.comments, comment) }));
      }),
    edit: (commentId: string, text: string) =>
      attempt(async () => {
        const comment = await client.editComment({ commentId, text }, { headers });
        update((state) => ({ ...state, comments: withComment(state.comments, comment) }));
      }),
    remove: (commentId: string) =>
      attempt(async () => {
        await client.deleteComment({ commentId }, { headers });
        update((state) => ({ ...state, comments: withoutComment(state.comments, commentId) }));
      }),
    react: (emoji: string, momentSeconds: number) =>
      attempt(async () => {
        const reaction = await client.addReaction({ videoId, emoji, momentSeconds }, { headers });
        update((state) =>
          state.reactions.some((known) => known.id === reaction.id)
            ? state
            : { ...state, reactions: [...state.reactions, reaction] },
        );
      }),
    setEnabled: (enabled: boolean) =>
      attempt(async () => {
        const answer = await client.setCommentsEnabled({ videoId, enabled }, { headers });
        update((state) => ({ ...state, commentsEnabled: answer.commentsEnabled, canComment: answer.commentsEnabled }));
      }),
  };
}
