import type { Transport } from '@connectrpc/connect';
import { ConversationView, InsightsPanel } from '@stream/ui';
import { momentMarkersOf, useConversation, useInsights, usePlaybackBeacons } from '@stream/video-api';
import type { RefObject } from 'react';

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
  const state = talk.state;
  if (!state) return talk.loadError ? <p className="text-sm opacity-70">{talk.loadError}</p> : null;
  return (
    <ConversationView
      {...state}
      frame={frame}
      markers={momentMarkersOf(state, props.durationSeconds)}
      durationSeconds={props.durationSeconds}
      reactionEmoji={talk.reactionEmoji}
      onReact={(emoji, at) => void talk.react(emoji, at)}
      myUid={props.myUid}
      onPost={talk.post}
      onEdit={talk.edit}
      onDelete={talk.remove}
      onSetEnabled={(enabled) => void talk.setEnabled(enabled)}
      error={talk.error}
      signInHref={props.signInHref}
      insights={state.isOwner && <OwnerInsights transport={transport} videoId={videoId} />}
    />
  );
}

function OwnerInsights({ transport, videoId }: { transport: Transport; videoId: string }) {
  const insights = useInsights(transport, videoId);
  return insights.data ? <InsightsPanel insights={insights.data} /> : null;
}
