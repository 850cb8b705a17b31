import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TranscriptPanel, type TranscriptPanelProps } from './transcript-panel';

afterEach(cleanup);

const lines = [{ index: 0, start: 0.5, end: 3.5, text: 'Here the zeppelin dashboard shows revenue.' }];
const panel = (props: Partial<TranscriptPanelProps> = {}) =>
  render(<TranscriptPanel state="done" lines={lines} currentTime={0} onSeek={vi.fn()} fileName="Demo" {...props} />);

describe('TranscriptPanel for the owner', () => {
  it('says how far a long transcription is', () => {
    panel({ state: 'transcribing', lines: [], progress: 40 });
    expect(screen.getByRole('status').textContent).toBe('Transcribing 40%… the video plays meanwhile.');
    cleanup();
    panel({ state: 'transcribing', lines: [] });
    expect(screen.getByRole('status').textContent).toBe('Transcribing… the video plays meanwhile.');
  });

  it('takes the suggested title as the owner edits it, and the suggested chapters on their word', async () => {
    const user = userEvent.setup();
    const onAcceptTitle = vi.fn(async () => undefined);
    const onAcceptChapters = vi.fn(async () => undefined);
    panel({
      suggestions: {
        title: 'Here the zeppelin dashboard shows revenue',
        summary: 'A walkthrough of the zeppelin dashboard.',
        chapters: [
          { seconds: 0, title: 'Welcome' },
          { seconds: 64, title: 'Revenue' },
        ],
        onAcceptTitle,
        onAcceptChapters,
      },
    });
    const suggestions = screen.getByRole('group', { name: 'Suggestions' });
    expect(suggestions.textContent).toContain('Suggested summary: A walkthrough of the zeppelin dashboard.');
    expect(
      within(screen.getByRole('list', { name: 'Suggested chapters' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['0:00.0 Welcome', '1:04.0 Revenue']);
    const title = screen.getByRole('textbox', { name: 'Suggested title' });
    await user.clear(title);
    await user.type(title, 'Zeppelin revenue');
    await user.click(screen.getByRole('button', { name: 'Use this title' }));
    expect(onAcceptTitle).toHaveBeenCalledWith('Zeppelin revenue');
    await user.click(screen.getByRole('button', { name: 'Use these chapters' }));
    expect(onAcceptChapters).toHaveBeenCalledOnce();
  });

  it('shows nothing to suggest when there is nothing', () => {
    panel({ suggestions: { title: '', summary: '', chapters: [], onAcceptTitle: vi.fn() } });
    expect(screen.queryByRole('group', { name: 'Suggestions' })).toBeNull();
  });

  it('sets the spoken language, and says when the engine transcribes English alone', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn(async () => undefined);
    const { rerender } = panel({ spokenLanguage: { value: '', engineLanguages: ['en'], onChange } });
    expect(screen.queryByRole('note')).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Spoken language' }), 'German');
    expect(onChange).toHaveBeenCalledWith('de');
    rerender(
      <TranscriptPanel
        state="done"
        lines={lines}
        currentTime={0}
        onSeek={vi.fn()}
        fileName="Demo"
        spokenLanguage={{ value: 'de', engineLanguages: ['en'], onChange }}
      />,
    );
    expect(screen.getByRole('note').textContent).toContain(
      'This server transcribes English only: German speech comes out as English words',
    );
    // A server that takes any language says nothing.
    rerender(
      <TranscriptPanel
        state="done"
        lines={lines}
        currentTime={0}
        onSeek={vi.fn()}
        fileName="Demo"
        spokenLanguage={{ value: 'de', engineLanguages: [], onChange }}
      />,
    );
    expect(screen.queryByRole('note')).toBeNull();
  });
});
