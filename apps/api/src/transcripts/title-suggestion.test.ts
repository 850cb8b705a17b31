import { describe, expect, it } from 'vitest';
import { defaultTitle } from '../videos/default-title';
import { isDefaultTitle, suggestTitle } from './title-suggestion';

const lines = (...texts: string[]) => texts.map((text) => ({ text }));

describe('a title suggested from a transcript', () => {
  it('knows a title nobody chose from one somebody did', () => {
    expect(isDefaultTitle(defaultTitle(new Date('2026-11-26T09:05:07Z')))).toBe(true);
    expect(isDefaultTitle('Recording of the zeppelin demo')).toBe(false);
    expect(isDefaultTitle('Q3 walkthrough')).toBe(false);
  });

  it('takes the sentence about what the video is about, without greetings and fillers', () => {
    expect(
      suggestTitle(
        lines(
          'Hi everyone.',
          'Um so today the zeppelin dashboard shows quarterly revenue.',
          'The zeppelin dashboard has a revenue chart.',
          'Thanks for watching.',
        ),
      ),
    ).toBe('Today the zeppelin dashboard shows quarterly revenue');
    expect(suggestTitle(lines('okay so the new billing page.', 'yeah.'))).toBe('The new billing page');
  });

  it('cuts a long sentence at a word within 60 characters', () => {
    const title = suggestTitle(
      lines(
        'The onboarding checklist walks every new customer through importing their contacts and inviting the team.',
      ),
    );
    expect(title.length).toBeLessThanOrEqual(61);
    expect(title).toBe('The onboarding checklist walks every new customer through…');
  });

  it('suggests nothing when nothing said is worth a title', () => {
    expect(suggestTitle([])).toBe('');
    expect(suggestTitle(lines('Um.', 'Hello everyone.', 'Yeah, okay.'))).toBe('');
  });
});
