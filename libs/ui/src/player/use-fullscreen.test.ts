import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFullscreen } from './use-fullscreen';

const exitFullscreen = document.exitFullscreen;
afterEach(() => {
  Reflect.deleteProperty(document, 'fullscreenElement');
  document.exitFullscreen = exitFullscreen;
});

function setFullscreenElement(element: Element | null) {
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => element });
  act(() => void document.dispatchEvent(new Event('fullscreenchange')));
}

describe('useFullscreen', () => {
  it('follows the browser: true while the player is the fullscreen element', () => {
    const container = document.createElement('div');
    const { result } = renderHook(() => useFullscreen({ current: container }));
    expect(result.current.fullscreen).toBe(false);
    setFullscreenElement(container);
    expect(result.current.fullscreen).toBe(true);
    // Esc: the browser leaves fullscreen without the player's button.
    setFullscreenElement(null);
    expect(result.current.fullscreen).toBe(false);
    // Something else on the page went fullscreen.
    setFullscreenElement(document.createElement('div'));
    expect(result.current.fullscreen).toBe(false);
  });

  it('is not fullscreen before the player is on the page', () => {
    const { result } = renderHook(() => useFullscreen({ current: null }));
    setFullscreenElement(null);
    expect(result.current.fullscreen).toBe(false);
  });

  it('asks for fullscreen, and leaves it when something is fullscreen', () => {
    const container = document.createElement('div');
    const asked: string[] = [];
    container.requestFullscreen = async () => void asked.push('enter');
    document.exitFullscreen = async () => void asked.push('exit');
    const { result } = renderHook(() => useFullscreen({ current: container }));
    result.current.toggleFullscreen();
    setFullscreenElement(container);
    result.current.toggleFullscreen();
    expect(asked).toEqual(['enter', 'exit']);
  });
});
