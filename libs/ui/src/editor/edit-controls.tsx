import { useState } from 'react';
import { ConfirmDialog } from '../primitives';

export type EditStateLabel = 'none' | 'applying' | 'applied' | 'failed';

/**
 * The owner's edit buttons and where the last edit stands: Annotate opens edit mode (as "Edit video"
 * beside Share does, `OwnerActions`); while an edit
 * renders, "Applying edits…" (the previous version keeps playing); Revert to original, after a
 * confirmation, drops every edit.
 */
export function EditControls({
  state,
  failureReason,
  onTrim,
  onRevert,
}: {
  state: EditStateLabel;
  failureReason?: string;
  onTrim: () => void;
  onRevert: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <div className="flex flex-wrap items-center gap-2">
      {/* Edit mode: its annotations sit under the trim's timeline. */}
      <button type="button" className="btn btn-sm" onClick={onTrim}>
        Annotate
      </button>
      {state !== 'none' && (
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => setConfirming(true)}>
          Revert to original
        </button>
      )}
      {state === 'applying' && (
        <span role="status" className="flex items-center gap-2 text-sm">
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          Applying edits…
        </span>
      )}
      {state === 'failed' && (
        <span role="alert" className="text-sm text-error">
          The edit could not be applied{failureReason ? `: ${failureReason}` : '.'} The previous version still plays.
        </span>
      )}
      {error && (
        <span role="alert" className="text-sm text-error">
          {error}
        </span>
      )}
      {confirming && (
        <ConfirmDialog
          title="Revert to original?"
          message="Every trim, cut and annotation is undone and the original video plays again."
          confirmLabel="Revert"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            setError(undefined);
            onRevert().catch((reason: unknown) =>
              setError(reason instanceof Error ? reason.message : 'The video could not be reverted.'),
            );
          }}
        />
      )}
    </div>
  );
}
