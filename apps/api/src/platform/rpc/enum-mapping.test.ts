import { describe, expect, it } from 'vitest';
import { enumMapping } from './enum-mapping';

enum Shade {
  UNSPECIFIED = 0,
  LIGHT = 1,
  DARK = 2,
}

describe('enumMapping', () => {
  const shade = enumMapping({ light: Shade.LIGHT, dark: Shade.DARK });

  it('maps each name to its enum value and back', () => {
    expect(shade.toProto.light).toBe(Shade.LIGHT);
    expect(shade.toProto.dark).toBe(Shade.DARK);
    expect(shade.fromProto[Shade.LIGHT]).toBe('light');
    expect(shade.fromProto[Shade.DARK]).toBe('dark');
  });

  it("reads a request's optional field: absent, named, or refused", () => {
    const refusal = () => new Error('shade unknown');
    expect(shade.optional(undefined, refusal)).toBeUndefined();
    expect(shade.optional(Shade.DARK, refusal)).toBe('dark');
    expect(() => shade.optional(Shade.UNSPECIFIED, refusal)).toThrow('shade unknown');
  });

  it('has no name for a value the mapping does not list', () => {
    expect(shade.fromProto[Shade.UNSPECIFIED]).toBeUndefined();
    expect(shade.fromProto[7]).toBeUndefined();
  });
});
