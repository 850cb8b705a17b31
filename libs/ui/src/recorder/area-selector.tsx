import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { MediaPreview } from './media-preview';

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface AreaSelectorProps {
  /** The shared screen, live. */
  stream: MediaStream;
  /** The screen's size in pixels. */
  width: number;
  height: number;
  /** The chosen area, in the screen's pixels. */
  area: Area;
  /** A new area (the caller keeps it inside the screen). */
  onChange: (area: Area) => void;
  onConfirm: () => void;
  onCancel: () => void;
}

type Grip = 'move' | 'nw' | 'ne' | 'sw' | 'se';
const grips: readonly Exclude<Grip, 'move'>[] = ['nw', 'ne', 'sw', 'se'];
const gripPlace: Record<Exclude<Grip, 'move'>, string> = {
  nw: '-left-2 -top-2 cursor-nwse-resize',
  ne: '-right-2 -top-2 cursor-nesw-resize',
  sw: '-left-2 -bottom-2 cursor-nesw-resize',
  se: '-right-2 -bottom-2 cursor-nwse-resize',
};

/**
 * Area: the shared screen, live, with a rectangle to drag (move it, or resize by its corners),
 * its size in pixels, presets, and the same rectangle as number fields for the keyboard.
 */
export function AreaSelector({ stream, width, height, area, onChange, onConfirm, onCancel }: AreaSelectorProps) {
  const frame = useRef<HTMLDivElement | null>(null);
  const section = useRef<HTMLElement | null>(null);

  // It opens after Start, below the settings: at 1400×900 it was below the fold while the bar
  // showed both buttons disabled. Scrolled to and focused, the next step is where the person looks.
  useEffect(() => {
    section.current?.scrollIntoView?.({ block: 'start' });
    section.current?.focus({ preventScroll: true });
  }, []);

  const drag = (grip: Grip) => (event: ReactPointerEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const box = frame.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    const scale = width / box.width;
    const startX = event.clientX;
    const startY = event.clientY;
    const start = area;
    const onMove = (move: PointerEvent) => {
      const dx = (move.clientX - startX) * scale;
      const dy = (move.clientY - startY) * scale;
      onChange(dragged(start, grip, dx, dy));
    };
    const onUp = () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
  };

  const percent = (value: number, of: number) => `${(value / of) * 100}%`;
  const field = (label: keyof Area, name: string) => (
    <label className="flex items-center gap-2">
      <span className="w-12">{name}</span>
      <input
        type="number"
        className="input input-sm w-24"
        min={0}
        max={label === 'x' || label === 'width' ? width : height}
        step={2}
        value={area[label]}
        onChange={(event) => {
          const value = Number(event.currentTarget.value);
          if (Number.isFinite(value)) onChange({ ...area, [label]: value });
        }}
      />
    </label>
  );

  return (
    <section
      ref={section}
      tabIndex={-1}
      aria-label="Choose the area to record"
      className="flex scroll-mt-20 flex-col gap-3 outline-none"
    >
      <div
        ref={frame}
        className="relative w-full max-w-3xl select-none"
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        <MediaPreview stream={stream} label="Shared screen" className="absolute inset-0 h-full w-full bg-black" />
        <div
          data-testid="area-rectangle"
          className="absolute cursor-move border-2 border-primary bg-primary/10 shadow-[0_0_0_9999px_rgba(0,0,0,0.45)]"
          style={{
            left: percent(area.x, width),
            top: percent(area.y, height),
            width: percent(area.width, width),
            height: percent(area.height, height),
          }}
          onPointerDown={drag('move')}
        >
          <span className="badge badge-primary badge-sm absolute left-1 top-1" data-testid="area-size">
            {area.width} × {area.height}
          </span>
          {grips.map((grip) => (
            <span
              key={grip}
              aria-hidden="true"
              className={`absolute h-4 w-4 rounded-full border-2 border-primary bg-base-100 ${gripPlace[grip]}`}
              onPointerDown={drag(grip)}
            />
          ))}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {field('x', 'X')}
        {field('y', 'Y')}
        {field('width', 'Width')}
        {field('height', 'Height')}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn btn-sm" onClick={() => onChange(sixteenByNine(width, height))}>
          16:9
        </button>
        <button type="button" className="btn btn-sm" onClick={() => onChange({ x: 0, y: 0, width, height })}>
          Full
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm}>
          Record this area
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}

/** The rectangle after dragging `grip` by (dx, dy) screen pixels. */
export function dragged(start: Area, grip: Grip, dx: number, dy: number): Area {
  if (grip === 'move') return { ...start, x: Math.round(start.x + dx), y: Math.round(start.y + dy) };
  const left = grip === 'nw' || grip === 'sw';
  const top = grip === 'nw' || grip === 'ne';
  const width = Math.max(16, Math.round(start.width + (left ? -dx : dx)));
  const height = Math.max(16, Math.round(start.height + (top ? -dy : dy)));
  return {
    x: left ? start.x + start.width - width : start.x,
    y: top ? start.y + start.height - height : start.y,
    width,
    height,
  };
}

function sixteenByNine(width: number, height: number): Area {
  const w = Math.min(width, Math.floor((height * 16) / 9));
  const h = Math.floor((w * 9) / 16);
  return { x: Math.floor((width - w) / 2), y: Math.floor((height - h) / 2), width: w, height: h };
}
