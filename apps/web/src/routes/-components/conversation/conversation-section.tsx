import type { Transport } from '@connectrpc/connect';
import { CommentsPanel, InsightsPanel, MomentMarkers, ReactionsRow } from '@stream/ui';
import { groupMoments, useConversation, useInsights, usePlaybackBeacons } from '@stream/video-api';
import type { RefObject } from 'react';

/** Close moments share a marker: within 2% of the video's length. */
const MARKER_GAP_SHARE = 0.02;

/** Which video's conversation, seen by whom. */
export interface ConversationProps {
  transport: Transport;
  videoId: string;
  shareToken?: string;
  /** The signed-in person's uid; undefined when signed out. */
  myUid?: string;
  isOwner: boolean;
  durationSeconds: number;
  /** Where a signed-out viewer goes to sign in (this page, after). */
  signInHref: string;
}

/** The conversation under a player: reactions, markers, comments, live; the owner's insights. */
export default function ConversationSection(props: ConversationProps & { frame: RefObject<HTMLDivElement | null> }) {
  const { transport, videoId, shareToken, frame } = props;
  const talk = useConversation({ transport, videoId, shareToken });
  usePlaybackBeacons({ container: frame, transport, videoId, shareToken, isOwner: props.isOwner });
  const player = () => frame.current?.querySelector('video') ?? null;
  const seek = (seconds: number) => {
    const video = player();
    if (video) video.currentTime = seconds;
  };
  const now = () => player()?.currentTime ?? 0;
  const state = talk.state;
  if (!state) return talk.loadError ? <p className="text-sm opacity-70">{talk.loadError}</p> : null;
  const moments = [...state.comments.map((c) => c.momentSeconds), ...state.reactions.map((r) => r.momentSeconds)];
  const markers = groupMoments(moments, props.durationSeconds * MARKER_GAP_SHARE).map((group) => ({
    ...group,
    label: group.count === 1 ? '1 comment or reaction' : `${group.count} comments and reactions`,
  }));
  return (
    <div className="flex flex-col gap-4">
      <MomentMarkers markers={markers} durationSeconds={props.durationSeconds} onSeek={seek} />
      <ReactionsRow
        emoji={talk.reactionEmoji}
        disabled={props.myUid === undefined}
        onReact={(emoji) => void talk.react(emoji, now())}
      />
      {state.isOwner && <OwnerInsights transport={transport} videoId={videoId} />}
      <CommentsPanel
        comments={state.comments}
        myUid={props.myUid}
        canComment={state.canComment}
        commentsEnabled={state.commentsEnabled}
        isOwner={state.isOwner}
        currentMoment={now}
        onSeek={seek}
        onPost={talk.post}
        onEdit={talk.edit}
        onDelete={talk.remove}
        onSetEnabled={(enabled) => void talk.setEnabled(enabled)}
        error={talk.error}
        signIn={
          <p>
            <a className="link" href={props.signInHref}>
              Sign in to comment
            </a>
          </p>
        }
      />
    </div>
  );
}

function OwnerInsights({ transport, videoId }: { transport: Transport; videoId: string }) {
  const insights = useInsights(transport, videoId);
  return insights.data ? <InsightsPanel insights={insights.data} /> : null;
}
