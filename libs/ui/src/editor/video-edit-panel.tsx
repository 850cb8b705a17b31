import type { ComponentProps } from 'react';
import { ChaptersEditor } from './chapters-editor';
import { EditControls, type EditStateLabel } from './edit-controls';

export interface VideoEditPanelProps {
  editState: EditStateLabel;
  failureReason?: string;
  onTrim: () => void;
  onRevert: () => Promise<void>;
  chapters: ComponentProps<typeof ChaptersEditor>;
  captions: {
    error?: string;
    hasCaptions: boolean;
    /** A WebVTT file's text; '' is never sent from here (that is `onRemove`). */
    onUpload: (webvtt: string) => Promise<void>;
    onRemove: () => void;
  };
}

/**
 * The owner's editing of one video: Trim and Revert, chapters and default speed, captions. The trim
 * editor itself takes the player's place (`TrimEditor` as the page's stage), so edit mode has one
 * player with its timeline right under it.
 */
export function VideoEditPanel({ chapters, captions, ...controls }: VideoEditPanelProps) {
  return (
    <div className="flex flex-col gap-3">
      <EditControls
        state={controls.editState}
        failureReason={controls.failureReason}
        onTrim={controls.onTrim}
        onRevert={controls.onRevert}
      />
      <ChaptersEditor {...chapters} />
      <label className="flex flex-col gap-1 text-sm">
        <span>Captions (WebVTT)</span>
        <input
          type="file"
          accept=".vtt,text/vtt"
          className="file-input file-input-sm"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            if (file) await captions.onUpload(await file.text());
          }}
        />
        {captions.error && (
          <span role="alert" className="text-error">
            {captions.error}
          </span>
        )}
      </label>
      {captions.hasCaptions && (
        <button type="button" className="btn btn-ghost btn-xs self-start" onClick={captions.onRemove}>
          Remove captions
        </button>
      )}
    </div>
  );
}
