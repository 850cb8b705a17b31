import { describe, expect, it } from 'vitest';
import { rememberRate, rememberedRate, startingRate } from './remembered-rate';
import { storyboardTile } from './storyboard';

const sprite = { url: '/s', columns: 10, rows: 2, tileWidth: 160, tileHeight: 90, intervalSeconds: 2, count: 15 };

describe('storyboard tiles', () => {
  it('finds the tile of a time, row by row, and stays within the sprite', () => {
    expect(storyboardTile(sprite, 0)).toEqual({ index: 0, x: 0, y: 0 });
    expect(storyboardTile(sprite, 5.9)).toEqual({ index: 2, x: 320, y: 0 });
    expect(storyboardTile(sprite, 22)).toEqual({ index: 11, x: 160, y: 90 });
    expect(storyboardTile(sprite, 999)).toEqual({ index: 14, x: 640, y: 90 });
    expect(storyboardTile(sprite, -3).index).toBe(0);
  });
});

describe('the starting speed', () => {
  it("is the viewer's last choice, else the owner's default, else normal", () => {
    expect(startingRate(1.5, undefined)).toBe(1.5);
    expect(startingRate(1.5, 0.75)).toBe(0.75);
    expect(startingRate(0, undefined)).toBe(1);
    expect(startingRate(undefined, undefined)).toBe(1);
  });

  it('is remembered across videos, and survives storage that refuses', () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (k: string, v: string) => void values.set(k, v),
    };
    expect(rememberedRate(storage)).toBeUndefined();
    rememberRate(1.25, storage);
    expect(rememberedRate(storage)).toBe(1.25);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(rememberedRate(broken)).toBeUndefined();
    expect(() => rememberRate(2, broken)).not.toThrow();
  });
});
