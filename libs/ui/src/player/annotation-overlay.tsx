import { type ReactNode, type RefObject, useEffect, useMemo, useState } from 'react';
import { type AnnotationMark, overlaysAt } from './annotation-mark';
import { AnnotationShape, type FrameSize, frameSizeOf } from './annotation-shapes';
import { followPlayback } from './follow-playback';

/**
 * An SVG over the whole <video> box whose viewBox is the frame: `meet` letterboxes it exactly as
 * the video's own `object-fit: contain` does, so percent positions land on the picture at any size.
 */
export function FrameSvg({
  frame,
  label,
  className = 'pointer-events-none',
  children,
}: {
  frame: FrameSize;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <svg
      role="group"
      aria-label={label}
      viewBox={`0 0 ${frame.width} ${frame.height}`}
      preserveAspectRatio="xMidYMid meet"
      className={`absolute inset-0 h-full w-full ${className}`}
    >
      {children}
    </svg>
  );
}

/**
 * The text callouts, arrows and boxes of the moment playing, drawn over the video in step with it.
 * Re-renders only when what shows changes, not on every frame.
 */
export function AnnotationOverlay({
  videoRef,
  marks,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  marks: readonly AnnotationMark[];
}) {
  // By value: a parent's fresh array of the same marks must not restart the frame callbacks.
  const json = JSON.stringify(marks.filter((mark) => mark.kind !== 'blur'));
  const overlays = useMemo(() => JSON.parse(json) as AnnotationMark[], [json]);
  const [shown, setShown] = useState<{ key: string; marks: AnnotationMark[]; frame: FrameSize }>({
    key: '',
    marks: [],
    frame: frameSizeOf(null),
  });
  useEffect(() => {
    const video = videoRef.current;
    if (!video || overlays.length === 0) {
      setShown((last) => (last.key === '' ? last : { key: '', marks: [], frame: last.frame }));
      return;
    }
    return followPlayback(video, (time) => {
      const now = overlaysAt(overlays, time);
      const frame = frameSizeOf(video);
      const key = `${frame.width}x${frame.height}:${now.map((mark) => overlays.indexOf(mark)).join(',')}`;
      setShown((last) => (last.key === key ? last : { key, marks: now, frame }));
    });
  }, [videoRef, overlays]);
  if (shown.marks.length === 0) return null;
  return (
    <FrameSvg frame={shown.frame} label="Annotations">
      {shown.marks.map((mark) => (
        <AnnotationShape key={overlays.indexOf(mark)} mark={mark} frame={shown.frame} />
      ))}
    </FrameSvg>
  );
}
