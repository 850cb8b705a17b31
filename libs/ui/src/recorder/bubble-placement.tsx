import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { MediaPreview } from './media-preview';
import type { BubbleChoice } from './recorder-settings';

export interface BubblePlacementProps {
  bubble: BubbleChoice;
  onBubble: (bubble: BubbleChoice) => void;
  /** The camera, live; absent: the bubble is drawn empty. */
  camera?: MediaStream | null;
}

/**
 * Where the camera goes on the screen: a 16:9 stand-in for the screen with the bubble in its
 * corner, at its size. Drag the bubble and it lands in the nearest corner.
 */
export function BubblePlacement({ bubble, onBubble, camera }: BubblePlacementProps) {
  const frame = useRef<HTMLDivElement | null>(null);
  const [dragAt, setDragAt] = useState<{ x: number; y: number } | null>(null);
  const side = `${bubble.size * 100 * (9 / 16)}%`; // of the width: the size is a share of the height
  const margin = '3%';
  const place = dragAt
    ? { left: `${dragAt.x * 100}%`, top: `${dragAt.y * 100}%`, transform: 'translate(-50%, -50%)' }
    : {
        ...(bubble.corner.endsWith('left') ? { left: margin } : { right: margin }),
        ...(bubble.corner.startsWith('top') ? { top: margin } : { bottom: margin }),
      };

  const onPointerDown = (event: ReactPointerEvent) => {
    event.preventDefault();
    const box = frame.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    const at = (move: { clientX: number; clientY: number }) => ({
      x: Math.min(1, Math.max(0, (move.clientX - box.left) / box.width)),
      y: Math.min(1, Math.max(0, (move.clientY - box.top) / box.height)),
    });
    const onMove = (move: PointerEvent) => setDragAt(at(move));
    const onUp = (up: PointerEvent) => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      setDragAt(null);
      onBubble({ ...bubble, corner: nearestCorner(at(up)) });
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
  };

  return (
    <div
      ref={frame}
      className="relative aspect-video w-full max-w-sm select-none rounded-box bg-base-300"
      aria-label="Camera bubble position"
      role="img"
    >
      <div
        data-testid="bubble-preview"
        data-corner={bubble.corner}
        className={`absolute aspect-square cursor-grab overflow-hidden border-2 border-primary bg-base-100 ${
          bubble.shape === 'circle' ? 'rounded-full' : 'rounded-[15%]'
        }`}
        style={{ width: side, ...place }}
        onPointerDown={onPointerDown}
      >
        {camera ? <MediaPreview stream={camera} label="Camera" className="h-full w-full object-cover" /> : null}
      </div>
    </div>
  );
}

export function nearestCorner(at: { x: number; y: number }): BubbleChoice['corner'] {
  return `${at.y < 0.5 ? 'top' : 'bottom'}-${at.x < 0.5 ? 'left' : 'right'}`;
}
