import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { MediaPreview } from './media-preview';

interface Point {
  x: number;
  y: number;
}
interface Size {
  width: number;
  height: number;
}

export interface DrawingLayerProps {
  /** The shared screen as captured. */
  stream: MediaStream;
  /** Points are 0 to 1 of the screen's width and height. */
  onBegin: (point: Point) => void;
  onMove: (point: Point) => void;
  onEnd: () => void;
  /** Draws the strokes into the layer (`picture`: its canvas's pixels; `screen`: the screen's). */
  paint: (context: CanvasRenderingContext2D, picture: Size, screen: Size) => void;
  /** Called on every change of the drawing; returns the unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
  /** Something fades: repaint every frame meanwhile. */
  animating: () => boolean;
  /** The chosen tool: the text tool gets a text cursor. */
  tool: string;
}

/**
 * Drawing while recording: the screen being recorded, live, with a canvas over it that
 * takes the pointer. What is drawn here is composited into the recording by the recorder.
 */
export function DrawingLayer({ stream, onBegin, onMove, onEnd, paint, subscribe, animating, tool }: DrawingLayerProps) {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const [screen, setScreen] = useState<Size>(() => {
    const settings = stream.getVideoTracks()[0]?.getSettings?.() ?? {};
    return { width: settings.width ?? 1280, height: settings.height ?? 720 };
  });
  const drawing = useRef(false);

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    let frame = 0;
    const repaint = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const ratio = window.devicePixelRatio || 1;
        const width = Math.round(element.clientWidth * ratio);
        const height = Math.round(element.clientHeight * ratio);
        if (element.width !== width || element.height !== height) Object.assign(element, { width, height });
        paint(context, { width, height }, screen);
        if (animating()) repaint();
      });
    };
    repaint();
    const off = subscribe(repaint);
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(repaint) : null;
    resized?.observe(element);
    return () => {
      off();
      resized?.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [paint, subscribe, animating, screen]);

  const pointAt = (event: ReactPointerEvent<HTMLCanvasElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: box.width > 0 ? (event.clientX - box.left) / box.width : 0,
      y: box.height > 0 ? (event.clientY - box.top) / box.height : 0,
    };
  };

  return (
    <div
      className="relative w-full max-w-3xl select-none"
      style={{ aspectRatio: `${screen.width} / ${screen.height}` }}
    >
      <MediaPreview
        stream={stream}
        label="Screen being recorded"
        className="absolute inset-0 h-full w-full bg-black"
        onSize={(width, height) =>
          setScreen((now) => (now.width === width && now.height === height ? now : { width, height }))
        }
      />
      <canvas
        ref={canvas}
        // What is drawn is a picture to a screen reader; the tools are the Annotations toolbar's.
        role="img"
        aria-label="Drawing layer"
        data-testid="drawing-layer"
        className={`absolute inset-0 h-full w-full touch-none ${tool === 'text' ? 'cursor-text' : 'cursor-crosshair'}`}
        onPointerDown={(event) => {
          event.preventDefault();
          event.currentTarget.setPointerCapture?.(event.pointerId);
          drawing.current = true;
          onBegin(pointAt(event));
        }}
        onPointerMove={(event) => {
          if (drawing.current) onMove(pointAt(event));
        }}
        onPointerUp={() => {
          if (!drawing.current) return;
          drawing.current = false;
          onEnd();
        }}
        onPointerCancel={() => {
          if (!drawing.current) return;
          drawing.current = false;
          onEnd();
        }}
      />
    </div>
  );
}
