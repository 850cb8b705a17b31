// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { THEME_KEY } from './theme';
import { useTheme } from './use-theme';

afterEach(() => localStorage.clear());

describe('useTheme', () => {
  it("applies the account's theme when it arrives and remembers it for the next load", () => {
    localStorage.setItem(THEME_KEY, 'light');
    const { result, rerender } = renderHook((account?: 'light' | 'dark') => useTheme({ account }), {
      initialProps: undefined,
    });
    expect(result.current.theme).toBe('light');
    rerender('dark');
    expect(result.current.theme).toBe('dark');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
  });

  it('toggles once per press and hands the choice on to be saved', () => {
    localStorage.setItem(THEME_KEY, 'dark');
    const onToggled = vi.fn();
    const { result } = renderHook(() => useTheme({ onToggled }));
    act(() => result.current.toggleTheme());
    expect(result.current.theme).toBe('light');
    expect(onToggled).toHaveBeenCalledExactlyOnceWith('light');
    act(() => result.current.toggleTheme());
    expect(onToggled).toHaveBeenLastCalledWith('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
  });
});
