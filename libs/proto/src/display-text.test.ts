import { Code, ConnectError } from '@connectrpc/connect';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanDisplayText, displayTextProblem, validDisplayText } from './display-text';
import { validTitle } from './validation';

const INVISIBLES = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u3164', '\uFE0F', '\u{E0041}'];
const DIRECTION = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
const CONTROLS = ['\0', '\u0001', '\t', '\n', '\r', '\u001B', '\u007F', '\u0080', '\u0085', '\u009B', '\u009F'];

const refusedWith = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    const refused = ConnectError.from(error);
    expect(refused.code).toBe(Code.InvalidArgument);
    return refused.rawMessage;
  }
  throw new Error('accepted');
};

describe('displayTextProblem', () => {
  it('accepts names and titles people write, in any script, with emoji and their joiners', () => {
    for (const text of [
      'Ada Lovelace',
      'Zoë Ångström',
      'محمد عبد الله',
      'שלום עולם',
      '李小龍',
      '👩‍💻 Dev',
      '👨‍👩‍👧',
      'Q3 \u200Ereview\u200F', // LRM and RLM reorder nothing
      'a\u200Bb', // an invisible character among visible ones
    ])
      expect(displayTextProblem(text), text).toBeUndefined();
  });

  it('refuses text made only of invisible characters and spaces, however many', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...INVISIBLES, ' ', '\u00A0', '\u3000', '\u2003'), { minLength: 1, maxLength: 100 }),
        (chars) => {
          expect(displayTextProblem(chars.join(''))).toMatch(/visible character/);
        },
      ),
    );
  });

  it('refuses any bidi override or isolate, anywhere', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...DIRECTION), fc.string(), (before, control, after) => {
        const text = `A${before.replace(/\p{Cc}/gu, '')}${control}${after.replace(/\p{Cc}/gu, '')}`;
        expect(displayTextProblem(text)).toMatch(/direction overrides or isolates/);
      }),
    );
  });

  it('refuses C0 (tab and line breaks too), DEL and C1 control characters', () => {
    for (const control of CONTROLS)
      expect(displayTextProblem(`Quarterly${control}review`), JSON.stringify(control)).toMatch(/control characters/);
  });
});

describe('validDisplayText', () => {
  it('trims, then answers the text or InvalidArgument naming the field and the reason', () => {
    expect(validDisplayText('name', '  Ada  ', { maxLength: 100 })).toBe('Ada');
    expect(refusedWith(() => validDisplayText('name', ' \u200B\u200D ', { maxLength: 100 }))).toBe(
      'name must contain a visible character, not only invisible ones (zero-width spaces, joiners)',
    );
    expect(refusedWith(() => validDisplayText('name', '   ', { maxLength: 100 }))).toBe('name is required');
    expect(validDisplayText('name', '   ', { maxLength: 100, optional: true })).toBe('');
    expect(refusedWith(() => validDisplayText('name', 'evil\u202Egnp.exe', { maxLength: 100 }))).toMatch(
      /^name must not contain text-direction overrides/,
    );
    expect(refusedWith(() => validDisplayText('name', '👍'.repeat(101), { maxLength: 100 }))).toBe(
      'name must be at most 100 characters',
    );
    expect(validDisplayText('name', '👍'.repeat(100), { maxLength: 100 })).toBe('👍'.repeat(100));
  });
});

describe('validTitle', () => {
  it('applies the rule to titles, and leaves a blank title blank', () => {
    expect(validTitle('  ')).toBe('');
    expect(validTitle(' Demo day ')).toBe('Demo day');
    expect(refusedWith(() => validTitle('Demo\u0007day'))).toMatch(/^title must not contain control characters/);
    expect(refusedWith(() => validTitle('Demo\u0085day'))).toMatch(/^title must not contain control characters/);
    expect(refusedWith(() => validTitle('\u200B\u200B'))).toMatch(/^title must contain a visible character/);
    expect(refusedWith(() => validTitle('a\0b'))).toBe('title must not contain NUL characters');
  });
});

describe('cleanDisplayText', () => {
  it('drops what the rule refuses and answers "" when nothing visible is left', () => {
    expect(cleanDisplayText(' Demo\tday\u202E ')).toBe('Demoday');
    expect(cleanDisplayText('\u200B\u200B\u0007')).toBe('');
    expect(cleanDisplayText('Ada')).toBe('Ada');
  });

  it('always answers text the rule accepts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ unit: 'grapheme' }), fc.constantFrom(...INVISIBLES, ...DIRECTION, ...CONTROLS))),
        (parts) => {
          expect(displayTextProblem(cleanDisplayText(parts.join('')))).toBeUndefined();
        },
      ),
    );
  });
});
