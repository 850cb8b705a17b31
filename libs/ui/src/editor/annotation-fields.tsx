import { type AnnotationMark, DEFAULT_ANNOTATION_COLOR, colorOf } from '../player';
import { MAX_ANNOTATION_TEXT } from './annotation-rules';
import { PercentField } from './percent-field';
import { TimeField } from './time-field';
import { formatTimecode } from '../primitives';

/** The selected annotation's numbers: its place in percent of the frame, its times, its text and colour. */
export function AnnotationFields({
  mark,
  duration,
  onChange,
}: {
  mark: AnnotationMark;
  duration: number;
  onChange: (patch: Partial<AnnotationMark>) => void;
}) {
  const arrow = mark.kind === 'arrow';
  // An arrow's width and height may be negative (it points left or up); a rectangle's not.
  const size = (value: number) => (!arrow && value <= 0 ? 'Must be above 0' : undefined);
  const pastEnd = (seconds: number) =>
    duration > 0 && seconds > duration ? `The video is ${formatTimecode(duration)} long` : undefined;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <PercentField label="X" value={mark.x} onChange={(x) => onChange({ x })} />
        <PercentField label="Y" value={mark.y} onChange={(y) => onChange({ y })} />
        <PercentField label="Width" value={mark.width} onChange={(width) => onChange({ width })} accept={size} />
        <PercentField label="Height" value={mark.height} onChange={(height) => onChange({ height })} accept={size} />
        <TimeField
          label="From"
          seconds={mark.from}
          onChange={(from) => onChange({ from })}
          accept={(from) => pastEnd(from) ?? (from >= mark.to ? 'From must come before To' : undefined)}
        />
        <TimeField
          label="To"
          seconds={mark.to}
          onChange={(to) => onChange({ to })}
          accept={(to) => pastEnd(to) ?? (to <= mark.from ? 'To must come after From' : undefined)}
        />
        {mark.kind !== 'blur' && (
          <label className="flex flex-col gap-1">
            <span className="text-sm">Colour</span>
            <input
              type="color"
              className="h-8 w-12 cursor-pointer"
              value={colorOf(mark)}
              onChange={(event) =>
                onChange({ color: event.target.value === DEFAULT_ANNOTATION_COLOR ? '' : event.target.value })
              }
            />
          </label>
        )}
      </div>
      {mark.kind === 'text' && (
        <div className="flex flex-col gap-1">
          <label className="flex flex-col gap-1">
            <span className="text-sm">Text</span>
            <textarea
              className="textarea textarea-sm"
              rows={2}
              value={mark.text}
              onChange={(event) => onChange({ text: event.target.value })}
            />
          </label>
          <span className={`text-xs ${mark.text.length > MAX_ANNOTATION_TEXT ? 'text-error' : 'opacity-70'}`}>
            {mark.text.length} of {MAX_ANNOTATION_TEXT} characters
          </span>
        </div>
      )}
    </div>
  );
}
