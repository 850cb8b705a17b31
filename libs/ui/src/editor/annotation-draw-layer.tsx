import { type PointerEvent, useEffect, useState } from 'react';
import { type AnnotationMark, FrameSvg, AnnotationShape, frameSizeOf, followPlayback } from '../player';
import { type FramePoint, placeByDrag, pointOnFrame } from './annotation-rules';

type Place = Pick<AnnotationMark, 'x' | 'y' | 'width' | 'height'>;

/**
 * The editor's layer over its player: where blurs go at the moment shown, the selected annotation's
 * outline, and, while one is selected, dragging on the picture places it (a rectangle between the
 * two points, or an arrow from the first to the second). With none selected, clicks reach the video.
 */
export function AnnotationDrawLayer({
  video,
  marks,
  selected,
  onPlace,
}: {
  video: HTMLVideoElement | null;
  marks: readonly AnnotationMark[];
  selected: number | undefined;
  onPlace: (index: number, place: Place) => void;
}) {
  const [time, setTime] = useState(0);
  const [drag, setDrag] = useState<{ start: FramePoint; end: FramePoint }>();
  useEffect(() => (video ? followPlayback(video, setTime) : undefined), [video]);
  const frame = frameSizeOf(video);
  const chosen = selected === undefined ? undefined : marks[selected];
  const pointAt = (event: PointerEvent) =>
    video ? pointOnFrame(event, video.getBoundingClientRect(), frame) : undefined;

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    const start = pointAt(event);
    if (!chosen || !start) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDrag({ start, end: start });
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const end = pointAt(event);
    if (drag && end) setDrag({ ...drag, end });
  };
  const onPointerUp = (event: PointerEvent<SVGSVGElement>) => {
    const end = pointAt(event) ?? drag?.end;
    if (drag && end && selected !== undefined && chosen) {
      const place = placeByDrag(chosen.kind, drag.start, end);
      // A click without a drag leaves the mark where it was.
      if (Math.abs(place.width) >= 0.5 || Math.abs(place.height) >= 0.5) onPlace(selected, place);
    }
    setDrag(undefined);
  };

  const blurs = marks.filter(
    (mark, index) => mark.kind === 'blur' && index !== selected && mark.from <= time && time < mark.to,
  );
  const shown = chosen && (drag ? { ...chosen, ...placeByDrag(chosen.kind, drag.start, drag.end) } : chosen);
  return (
    <FrameSvg
      frame={frame}
      label="Drawing layer"
      className={chosen ? 'cursor-crosshair touch-none' : 'pointer-events-none'}
    >
      <g onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={onPointerUp}>
        {/* The whole picture takes the drag, not only the shapes on it. */}
        <rect width={frame.width} height={frame.height} fill="transparent" />
        {blurs.map((mark, index) => (
          <AnnotationShape key={index} mark={mark} frame={frame} />
        ))}
        {shown && (
          <g data-testid="selected-annotation" opacity={shown.from <= time && time < shown.to ? 1 : 0.6}>
            <AnnotationShape mark={shown} frame={frame} />
            <Outline mark={shown} frame={frame} />
          </g>
        )}
      </g>
    </FrameSvg>
  );
}

/** A dashed white frame around the selected mark's place. */
function Outline({ mark, frame }: { mark: AnnotationMark; frame: { width: number; height: number } }) {
  const left = Math.min(mark.x, mark.x + mark.width);
  const top = Math.min(mark.y, mark.y + mark.height);
  const stroke = Math.max(1, frame.height * 0.004);
  return (
    <rect
      x={(left / 100) * frame.width}
      y={(top / 100) * frame.height}
      width={(Math.abs(mark.width) / 100) * frame.width}
      height={(Math.abs(mark.height) / 100) * frame.height}
      fill="none"
      stroke="#fff"
      strokeWidth={stroke}
      strokeDasharray={`${stroke * 4} ${stroke * 3}`}
    />
  );
}
