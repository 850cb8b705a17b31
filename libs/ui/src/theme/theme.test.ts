import { describe, expect, it } from 'vitest';
import { THEME_KEY, applyTheme, initialTheme } from './theme';

const storage = (value: string | null) => ({ getItem: () => value });

describe('the theme', () => {
  it('follows the system until the person chooses', () => {
    expect(initialTheme(storage(null), () => true)).toBe('dark');
    expect(initialTheme(storage(null), () => false)).toBe('light');
    expect(initialTheme(storage('nonsense'), () => true)).toBe('dark');
  });

  it('keeps the remembered choice over the system', () => {
    expect(initialTheme(storage('light'), () => true)).toBe('light');
    expect(initialTheme(storage('dark'), () => false)).toBe('dark');
  });

  it('survives a browser without web storage', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(initialTheme(broken, () => true)).toBe('dark');
  });

  it('sets data-theme on the root and remembers it', () => {
    applyTheme('dark', localStorage, document.documentElement);
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
  });
});
