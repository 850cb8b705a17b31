import { useState } from 'react';
import type { RecordingUploads } from '../recording-uploads.ts';
import type { WhoCanWatch } from '../share/share-link.ts';

export interface WhoCanWatchControl {
  /** Who can watch now: the choice being saved, else what the server said; undefined before the link exists. */
  visibility: WhoCanWatch | undefined;
  /** A change is being saved. */
  busy: boolean;
  /** Why the last change did not happen (the choice shown went back); undefined when none. */
  error: string | undefined;
  change(to: WhoCanWatch): void;
}

/**
 * Who can watch the recording's video `videoId`, beside its link: `known` is what minting the
 * link left; a change shows at once, is saved through `recordings.setVisibility`, and goes back if
 * the server refuses it. A new video starts again from its own `known`.
 */
export function useWhoCanWatch(
  recordings: RecordingUploads,
  videoId: string | undefined,
  known: WhoCanWatch | undefined,
): WhoCanWatchControl {
  const [chosen, setChosen] = useState<{ videoId: string; visibility: WhoCanWatch }>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ videoId: string; message: string }>();
  const visibility = chosen && chosen.videoId === videoId ? chosen.visibility : known;
  return {
    visibility,
    busy,
    error: failure && failure.videoId === videoId ? failure.message : undefined,
    change(to) {
      if (!videoId || busy || to === visibility) return;
      const before = chosen;
      setChosen({ videoId, visibility: to });
      setFailure(undefined);
      setBusy(true);
      recordings
        .setVisibility(videoId, to)
        .then(
          (saved) => setChosen({ videoId, visibility: saved }),
          (error: unknown) => {
            setChosen(before);
            setFailure({ videoId, message: `Who can watch did not change: ${reason(error)}` });
          },
        )
        .finally(() => setBusy(false));
    },
  };
}

/** The error's own words, without Connect's "[code] " prefix. */
const reason = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/^\[[a-z_]+\] /, '');
