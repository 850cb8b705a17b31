// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDrawing } from './use-drawing.ts';

afterEach(cleanup);

const press = (key: string, init: KeyboardEventInit = {}, target: EventTarget = window) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
  });

describe('useDrawing', () => {
  it('the toolbar names the six tools with their keys; red, Pen and no fading to begin with', () => {
    const { result } = renderHook(() => useDrawing(true));
    const { toolbar } = result.current;
    expect(toolbar.tools.map((tool) => `${tool.label} ${tool.shortcut}`)).toEqual([
      'Pen D',
      'Highlighter H',
      'Arrow A',
      'Rectangle R',
      'Text T',
      'Spotlight S',
    ]);
    expect([toolbar.tool, toolbar.colour, toolbar.fades]).toEqual(['pen', '#ef4444', false]);
  });

  it('while active, a key picks a tool, Ctrl+Z undoes, C clears, F turns fading on; not from a field', () => {
    const { result } = renderHook(() => useDrawing(true));
    press('r');
    expect(result.current.toolbar.tool).toBe('rectangle');
    const { surface, board } = result.current;
    for (const x of [0.1, 0.5]) {
      act(() => {
        surface.onBegin({ x, y: 0.1 });
        surface.onMove({ x: x + 0.2, y: 0.3 });
        surface.onEnd();
      });
    }
    expect(board.visible(performance.now())).toHaveLength(2);
    press('z', { ctrlKey: true });
    expect(board.visible(performance.now())).toHaveLength(1);
    press('f');
    expect(result.current.toolbar.fades).toBe(true);
    const field = document.body.appendChild(document.createElement('input'));
    press('c', {}, field);
    expect(board.visible(performance.now())).toHaveLength(1);
    field.remove();
    press('c');
    expect(board.visible(performance.now())).toEqual([]);
  });

  it('not recording: the keys are left alone', () => {
    const { result } = renderHook(() => useDrawing(false));
    press('r');
    expect(result.current.toolbar.tool).toBe('pen');
  });

  it('the Text tool writes its words where clicked, in the chosen colour, at once', () => {
    const { result } = renderHook(() => useDrawing(true));
    act(() => {
      result.current.toolbar.onTool('text');
      result.current.toolbar.onText('Click here');
      result.current.toolbar.onColour('#2563eb');
    });
    act(() => result.current.surface.onBegin({ x: 0.4, y: 0.6 }));
    const [text] = result.current.board.visible(performance.now());
    expect(text).toMatchObject({ tool: 'text', text: 'Click here', colour: '#2563eb', points: [{ x: 0.4, y: 0.6 }] });
    expect(text?.doneAt).not.toBeNull();
  });
});
