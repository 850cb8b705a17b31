import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnnotationToolbar, type AnnotationToolbarProps } from './annotation-toolbar';
import { DrawingLayer } from './drawing-layer';

afterEach(cleanup);

const tools = [
  { id: 'pen', label: 'Pen', shortcut: 'D' },
  { id: 'highlighter', label: 'Highlighter', shortcut: 'H' },
  { id: 'arrow', label: 'Arrow', shortcut: 'A' },
  { id: 'rectangle', label: 'Rectangle', shortcut: 'R' },
  { id: 'text', label: 'Text', shortcut: 'T' },
  { id: 'spotlight', label: 'Spotlight', shortcut: 'S' },
] as const;

function Toolbar(extra: Partial<AnnotationToolbarProps>) {
  const [tool, setTool] = useState<string>('pen');
  return (
    <AnnotationToolbar
      tools={tools}
      tool={tool}
      onTool={setTool}
      colour="#ef4444"
      onColour={vi.fn()}
      width={6}
      onWidth={vi.fn()}
      fades={false}
      onFades={vi.fn()}
      text="Look here"
      onText={vi.fn()}
      onUndo={vi.fn()}
      onClear={vi.fn()}
      undoShortcut="Control+Z Meta+Z"
      clearShortcut="C"
      fadeShortcut="F"
      {...extra}
    />
  );
}

describe('AnnotationToolbar', () => {
  it('is a toolbar named Annotations with a button per tool, the chosen one pressed, keys in titles', async () => {
    render(<Toolbar />);
    const bar = screen.getByRole('toolbar', { name: 'Annotations' });
    expect(bar).toBeTruthy();
    for (const tool of tools) {
      const button = screen.getByRole('button', { name: tool.label });
      expect(button.getAttribute('aria-keyshortcuts')).toBe(tool.shortcut);
      expect(button.title).toBe(`${tool.label} (${tool.shortcut})`);
    }
    expect(screen.getByRole('button', { name: 'Pen' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Rectangle' }));
    expect(screen.getByRole('button', { name: 'Rectangle' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Pen' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Undo' }).title).toBe('Undo (Ctrl+Z)');
    expect((screen.getByLabelText('Colour') as HTMLInputElement).value).toBe('#ef4444');
    expect((screen.getByLabelText('Width') as HTMLInputElement).value).toBe('6');
  });

  it('Tab reaches the chosen tool once; the arrow keys, Home and End move between the buttons', async () => {
    render(
      <>
        <button type="button">before</button>
        <Toolbar />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'before' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pen' }));
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Arrow' }));
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Highlighter' }));
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pen' }));
    await userEvent.keyboard('{ArrowLeft}{Enter}');
    expect(screen.getByRole('button', { name: 'Clear' }).getAttribute('aria-pressed')).toBeNull();
  });

  it('Undo, Clear, fading and the Text field (shown for the Text tool) call back', async () => {
    const onUndo = vi.fn();
    const onClear = vi.fn();
    const onFades = vi.fn();
    const onText = vi.fn();
    render(<Toolbar onUndo={onUndo} onClear={onClear} onFades={onFades} onText={onText} />);
    expect(screen.queryByLabelText('Text')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await userEvent.click(screen.getByLabelText('Fade after a few seconds'));
    await userEvent.click(screen.getByRole('button', { name: 'Text' }));
    await userEvent.type(screen.getByLabelText('Text', { selector: 'input' }), '!');
    expect([onUndo.mock.calls.length, onClear.mock.calls.length, onFades.mock.calls[0]]).toEqual([1, 1, [true]]);
    expect(onText).toHaveBeenCalledWith('Look here!');
  });
});

describe('DrawingLayer', () => {
  it('hands over pointer positions as shares of the screen, begin to end', () => {
    const onBegin = vi.fn();
    const onMove = vi.fn();
    const onEnd = vi.fn();
    const stream = { getVideoTracks: () => [] } as unknown as MediaStream;
    render(
      <DrawingLayer
        stream={stream}
        onBegin={onBegin}
        onMove={onMove}
        onEnd={onEnd}
        paint={vi.fn()}
        subscribe={() => () => undefined}
        animating={() => false}
        tool="rectangle"
      />,
    );
    const layer = screen.getByTestId('drawing-layer');
    layer.getBoundingClientRect = () => ({ left: 10, top: 20, width: 400, height: 200 }) as DOMRect;
    fireEvent.pointerMove(layer, { clientX: 50, clientY: 50 }); // not drawing yet: nothing
    fireEvent.pointerDown(layer, { clientX: 110, clientY: 70, pointerId: 1 });
    fireEvent.pointerMove(layer, { clientX: 310, clientY: 170 });
    fireEvent.pointerUp(layer, { clientX: 310, clientY: 170 });
    fireEvent.pointerUp(layer);
    expect(onBegin.mock.calls).toEqual([[{ x: 0.25, y: 0.25 }]]);
    expect(onMove.mock.calls).toEqual([[{ x: 0.75, y: 0.75 }]]);
    expect(onEnd).toHaveBeenCalledOnce();
  });
});
