import { useState } from 'react';
import type { AnnotationKindLabel, AnnotationMark } from '../player';
import { AnnotationFields } from './annotation-fields';
import { MAX_ANNOTATIONS, annotationProblem, clampToFrame, newAnnotation } from './annotation-rules';
import { formatTimecode } from '../primitives';

const KIND_NAMES: Record<AnnotationKindLabel, string> = { text: 'Text', arrow: 'Arrow', box: 'Box', blur: 'Blur' };

/**
 * The annotations of an edit: Add text, arrow, box or blur (at the playhead), the list (select one
 * to change it, Remove), and the selected one's numbers. Dragging on the video places the selected
 * one (`AnnotationDrawLayer`). A place outside the frame is pulled inside it, and said so.
 */
export function AnnotationEditor({
  marks,
  onChange,
  selected,
  onSelect,
  duration,
  playhead,
}: {
  marks: readonly AnnotationMark[];
  onChange: (marks: AnnotationMark[]) => void;
  selected: number | undefined;
  onSelect: (index: number | undefined) => void;
  duration: number;
  /** Where the preview is now, in seconds: a new annotation starts there. */
  playhead: () => number;
}) {
  const [clamped, setClamped] = useState(false);
  const full = marks.length >= MAX_ANNOTATIONS;
  const chosen = selected === undefined ? undefined : marks[selected];
  const problem = chosen && annotationProblem(chosen, duration);

  const add = (kind: AnnotationKindLabel) => {
    onChange([...marks, newAnnotation(kind, playhead(), duration)]);
    onSelect(marks.length);
    setClamped(false);
  };
  const change = (patch: Partial<AnnotationMark>) => {
    if (selected === undefined || !chosen) return;
    const placed = 'x' in patch || 'y' in patch || 'width' in patch || 'height' in patch;
    const next = placed ? clampToFrame({ ...chosen, ...patch }) : { mark: { ...chosen, ...patch }, clamped: false };
    setClamped(next.clamped);
    onChange(marks.map((mark, index) => (index === selected ? next.mark : mark)));
  };
  const remove = (index: number) => {
    onChange(marks.filter((_, i) => i !== index));
    onSelect(selected === index ? undefined : selected !== undefined && selected > index ? selected - 1 : selected);
  };

  return (
    <section aria-labelledby="annotations-heading" className="flex flex-col gap-2">
      <h2 id="annotations-heading" className="font-semibold">
        Annotations
      </h2>
      <div className="flex flex-wrap items-center gap-2">
        {(Object.keys(KIND_NAMES) as AnnotationKindLabel[]).map((kind) => (
          <button key={kind} type="button" className="btn btn-sm" disabled={full} onClick={() => add(kind)}>
            Add {KIND_NAMES[kind].toLowerCase()}
          </button>
        ))}
        {full && <span className="text-sm">At most {MAX_ANNOTATIONS} annotations: remove one to add another.</span>}
      </div>
      {marks.length > 0 && (
        <ul aria-label="Annotation list" className="flex flex-col gap-1">
          {marks.map((mark, index) => {
            const name = `${index + 1}. ${KIND_NAMES[mark.kind]}${mark.kind === 'text' ? ` “${mark.text.slice(0, 30)}”` : ''} ${formatTimecode(mark.from)}–${formatTimecode(mark.to)}`;
            return (
              <li key={index} className="flex items-center gap-2">
                <button
                  type="button"
                  className={`btn btn-xs ${index === selected ? 'btn-primary' : 'btn-ghost'}`}
                  aria-pressed={index === selected}
                  onClick={() => onSelect(index === selected ? undefined : index)}
                >
                  {name}
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  aria-label={`Remove annotation ${index + 1}`}
                  onClick={() => remove(index)}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {chosen && selected !== undefined && (
        <fieldset className="flex flex-col gap-2 rounded-box border border-base-300 p-2">
          <legend className="px-1 text-sm">
            Annotation {selected + 1}: {KIND_NAMES[chosen.kind]} (drag on the video to place it)
          </legend>
          <AnnotationFields key={selected} mark={chosen} duration={duration} onChange={change} />
          {clamped && (
            <p role="status" className="text-sm">
              Kept inside the frame.
            </p>
          )}
          {problem && (
            <p role="alert" className="text-sm text-error">
              {problem}
            </p>
          )}
        </fieldset>
      )}
    </section>
  );
}
