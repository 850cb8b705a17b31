import { useEffect, useRef, useState } from 'react';
import { VideoPlayer, type StoryboardSprite, type AnnotationMark } from '../player';
import { type TimeSpan, cutsBetween, keptSpans, lengthOf, formatTimecode, FormError } from '../primitives';
import { TimeField } from './time-field';
import { Timeline } from './timeline';
import { AnnotationDrawLayer } from './annotation-draw-layer';
import { AnnotationEditor } from './annotation-editor';
import { annotationsProblem, clampToFrame } from './annotation-rules';
import { SensitiveTextFinder, type SensitiveTextFinderProps } from './sensitive-text-finder';
import { TranscriptCutter } from './transcript-cutter';
import { keptAfter, type CutLine } from './transcript-cuts';

export interface TrimEditorProps {
  /** The unedited video's length and address: an edit is always made on the original. */
  duration: number;
  originalUrl: string;
  /** Thumbnails of the original for the filmstrip, when the storyboard is of the original. */
  storyboard?: StoryboardSprite;
  /** Loudness peaks of the original's audio, when known. */
  waveform?: readonly number[];
  /** The edit saved so far (empty: none). */
  initialKept: readonly TimeSpan[];
  /** The annotations saved so far, on the original's timeline. */
  initialAnnotations?: readonly AnnotationMark[];
  /** Saves the kept spans and the annotations together (one edit). */
  onSave: (kept: TimeSpan[], annotations: AnnotationMark[]) => Promise<void>;
  onCancel: () => void;
  /** "Find sensitive text": its search and suggestions; Accept adds the blur here. */
  sensitiveText?: Omit<SensitiveTextFinderProps<AnnotationMark>, 'onAccept'>;
  /** The transcript on the original's timeline, to cut by its words; none without one. */
  transcriptLines?: readonly CutLine[];
}

/**
 * Edit mode: trim the start and end (handles on the timeline, or Start and End typed as m:ss.s),
 * cut middle ranges, add annotations (text, arrows, boxes drawn over the video; blurs rendered
 * into it), preview the result (playback skips what is removed), then Save.
 */
export function TrimEditor({
  duration,
  originalUrl,
  storyboard,
  waveform,
  initialKept,
  initialAnnotations = [],
  onSave,
  onCancel,
  sensitiveText,
  transcriptLines,
}: TrimEditorProps) {
  const [start, setStart] = useState(initialKept[0]?.start ?? 0);
  const [end, setEnd] = useState(initialKept.at(-1)?.end ?? duration);
  const [cuts, setCuts] = useState<TimeSpan[]>(() => cutsBetween(initialKept));
  const [cutFrom, setCutFrom] = useState(start);
  const [cutTo, setCutTo] = useState(start);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const [marks, setMarks] = useState<AnnotationMark[]>(() => [...initialAnnotations]);
  const [selected, setSelected] = useState<number>();
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  /** Edit by transcript's cuts previewed but not yet applied: Save keeps them (it never drops them silently). */
  const [pendingCuts, setPendingCuts] = useState<TimeSpan[]>();

  // Trim is pressed below the player: edit mode brings the editor (in the player's place) into view.
  const section = useRef<HTMLElement>(null);
  // A block body: Chromium's scrollIntoView now returns a promise, which React would take for a cleanup.
  useEffect(() => {
    section.current?.scrollIntoView?.({ block: 'start' });
  }, []);

  const kept = keptSpans(start, end, cuts);
  const removed = cutsBetween(kept);
  const inVideo = (seconds: number) =>
    seconds > duration ? `The video is ${formatTimecode(duration)} long` : undefined;

  const save = async () => {
    const problem = annotationsProblem(marks, duration);
    if (problem) {
      setError(problem);
      return;
    }
    const saved = pendingCuts ? keptAfter(kept, pendingCuts) : kept;
    if (!saved.length) {
      setError('These cuts would remove the whole video.');
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      await onSave(saved, marks);
    } catch (reason) {
      setError(reason instanceof Error ? reason.message : 'The edit could not be saved.');
      setSaving(false);
    }
  };

  return (
    <section
      ref={section}
      aria-label="Edit video"
      className="rounded-box border-base-300 flex scroll-mt-20 flex-col gap-3 border p-3"
    >
      <VideoPlayer
        src={originalUrl}
        knownDuration={duration}
        label="Edit preview"
        keptSpans={kept}
        // The selected one is drawn by the drawing layer, where it follows the drag.
        annotations={marks.filter((_, index) => index !== selected)}
        onVideoElement={setVideo}
        frameLayer={
          <AnnotationDrawLayer
            video={video}
            marks={marks}
            selected={selected}
            onPlace={(index, place) =>
              setMarks(marks.map((mark, i) => (i === index ? clampToFrame({ ...mark, ...place }).mark : mark)))
            }
          />
        }
      />
      <Timeline
        duration={duration}
        storyboard={storyboard}
        start={start}
        end={end}
        removed={removed}
        waveform={waveform}
        onStart={setStart}
        onEnd={setEnd}
      />
      <div className="flex flex-wrap items-end gap-3">
        <TimeField
          label="Start"
          seconds={start}
          onChange={setStart}
          accept={(value) => inVideo(value) ?? (value >= end ? 'Start must come before End' : undefined)}
        />
        <TimeField
          label="End"
          seconds={end}
          onChange={setEnd}
          accept={(value) => inVideo(value) ?? (value <= start ? 'End must come after Start' : undefined)}
        />
        <TimeField label="Cut from" seconds={cutFrom} onChange={setCutFrom} accept={inVideo} />
        <TimeField label="Cut to" seconds={cutTo} onChange={setCutTo} accept={inVideo} />
        <button
          type="button"
          className="btn btn-sm"
          disabled={cutTo <= cutFrom}
          onClick={() => setCuts([...cuts, { start: cutFrom, end: cutTo }])}
        >
          Cut
        </button>
      </div>
      {removed.length > 0 && (
        <ul aria-label="Cuts" className="flex flex-wrap gap-2">
          {removed.map((cut) => (
            <li key={`${cut.start}-${cut.end}`}>
              <button
                type="button"
                className="btn btn-xs"
                onClick={() => setCuts(cuts.filter((c) => c.end <= cut.start || c.start >= cut.end))}
              >
                Restore {formatTimecode(cut.start)}–{formatTimecode(cut.end)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {transcriptLines && transcriptLines.length > 0 && (
        <TranscriptCutter
          lines={transcriptLines}
          duration={duration}
          kept={kept}
          onApply={(spans) => setCuts((current) => [...current, ...spans])}
          onPending={setPendingCuts}
        />
      )}
      <AnnotationEditor
        marks={marks}
        onChange={setMarks}
        selected={selected}
        onSelect={setSelected}
        duration={duration}
        playhead={() => video?.currentTime ?? 0}
      />
      {sensitiveText && (
        <SensitiveTextFinder {...sensitiveText} onAccept={(mark) => setMarks((current) => [...current, mark])} />
      )}
      <p className="text-sm text-base-content/70" data-testid="edit-result">
        Result: {formatTimecode(lengthOf(kept))} of {formatTimecode(duration)}
      </p>
      <FormError message={error} />
      <div className="flex gap-2">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={saving || kept.length === 0}
          onClick={() => void save()}
        >
          Save
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </section>
  );
}
