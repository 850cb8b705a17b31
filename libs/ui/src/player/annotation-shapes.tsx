import { type AnnotationMark, colorOf } from './annotation-mark';

/** The frame's size in its own pixels; shapes are drawn in these units so they scale with it. */
export interface FrameSize {
  width: number;
  height: number;
}

/** Until the file's metadata is read, a 16:9 frame. */
export const frameSizeOf = (video: HTMLVideoElement | null): FrameSize =>
  video && video.videoWidth > 0 && video.videoHeight > 0
    ? { width: video.videoWidth, height: video.videoHeight }
    : { width: 1600, height: 900 };

/**
 * One annotation drawn in an SVG whose viewBox is the frame (see `FrameSvg`): a box's outline, an
 * arrow with its head, a callout's text on its colour, or (for the editor alone) where a blur goes.
 */
export function AnnotationShape({ mark, frame }: { mark: AnnotationMark; frame: FrameSize }) {
  const px = (percent: number) => (percent / 100) * frame.width;
  const py = (percent: number) => (percent / 100) * frame.height;
  const color = colorOf(mark);
  const stroke = Math.max(2, frame.height * 0.008);
  const place = { x: px(mark.x), y: py(mark.y), width: px(mark.width), height: py(mark.height) };
  const { x, y, width, height } = place;
  switch (mark.kind) {
    case 'box':
      return <rect data-annotation="box" {...place} rx={stroke} fill="none" stroke={color} strokeWidth={stroke} />;
    case 'arrow':
      return (
        <Arrow from={[x, y]} to={[x + width, y + height]} color={color} stroke={stroke} head={frame.height * 0.04} />
      );
    case 'text':
      return (
        <foreignObject data-annotation="text" {...place}>
          <div
            style={{
              background: color,
              color: '#fff',
              fontSize: `${frame.height * 0.04}px`,
              lineHeight: 1.25,
              padding: `${frame.height * 0.01}px ${frame.height * 0.015}px`,
              borderRadius: `${stroke}px`,
              width: '100%',
              height: '100%',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
              boxSizing: 'border-box',
            }}
          >
            {mark.text}
          </div>
        </foreignObject>
      );
    case 'blur':
      return (
        <rect
          data-annotation="blur"
          {...place}
          fill="rgb(148 163 184 / 0.55)"
          stroke="#fff"
          strokeWidth={stroke / 2}
          strokeDasharray={`${stroke * 3} ${stroke * 2}`}
        />
      );
  }
}

function Arrow({
  from: [x1, y1],
  to: [x2, y2],
  color,
  stroke,
  head,
}: {
  from: [number, number];
  to: [number, number];
  color: string;
  stroke: number;
  head: number;
}) {
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const wing = (side: number) =>
    `${x2 - head * Math.cos(angle + side * 0.45)},${y2 - head * Math.sin(angle + side * 0.45)}`;
  return (
    <g data-annotation="arrow">
      <line x1={x1} y1={y1} x2={x2} y2={y2} stroke={color} strokeWidth={stroke} strokeLinecap="round" />
      <polygon points={`${x2},${y2} ${wing(1)} ${wing(-1)}`} fill={color} />
    </g>
  );
}
