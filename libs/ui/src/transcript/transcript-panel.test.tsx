import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TranscriptPanel, type TranscriptPanelProps } from './transcript-panel';

afterEach(cleanup);

const lines = [
  { index: 0, start: 0.5, end: 3.5, text: 'Welcome to the walkthrough.' },
  { index: 1, start: 4, end: 7.5, text: 'Here the zeppelin dashboard.' },
  { index: 2, start: 8, end: 9.5, text: 'Thanks for watching.' },
];

const panel = (props: Partial<TranscriptPanelProps> = {}) =>
  render(<TranscriptPanel state="done" lines={lines} currentTime={0} onSeek={vi.fn()} fileName="Demo" {...props} />);
const region = () => screen.getByRole('region', { name: 'Transcript' });

describe('TranscriptPanel', () => {
  it('marks the line playing, seeks on a click and narrows by a search', () => {
    const onSeek = vi.fn();
    panel({ currentTime: 5, onSeek });
    const current = region().querySelector('[aria-current="true"]');
    expect(current?.textContent).toContain('Here the zeppelin dashboard.');
    fireEvent.click(screen.getByRole('button', { name: /0:08\s*Thanks for watching/ }));
    expect(onSeek).toHaveBeenCalledWith(8);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the transcript' }), { target: { value: 'ZEPP' } });
    expect(
      within(region())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('zeppelin')]);
  });

  it('offers .vtt, .srt and .txt downloads of the lines', () => {
    panel();
    const vtt = screen.getByRole('link', { name: '.vtt' });
    expect(vtt.getAttribute('download')).toBe('Demo.vtt');
    expect(decodeURIComponent(vtt.getAttribute('href')!)).toContain('00:00:04.000 --> 00:00:07.500\nHere the zeppelin');
    expect(decodeURIComponent(screen.getByRole('link', { name: '.srt' }).getAttribute('href')!)).toContain(
      '2\n00:00:04,000 --> 00:00:07,500',
    );
    expect(screen.getByRole('link', { name: '.txt' }).getAttribute('download')).toBe('Demo.txt');
  });

  it('lets the owner correct a line in place and shows a refusal', async () => {
    const onEditLine = vi.fn().mockRejectedValueOnce(new Error('A transcript line cannot be blank'));
    onEditLine.mockResolvedValueOnce(undefined);
    panel({ onEditLine });
    fireEvent.click(screen.getByRole('button', { name: 'Edit the line at 0:04' }));
    const field = screen.getByRole('textbox', { name: 'Text of the line at 0:04' });
    fireEvent.change(field, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A transcript line cannot be blank');
    fireEvent.change(field, { target: { value: 'Here the Zeppelin dashboard.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /Text of the line/ })).toBeNull());
    expect(onEditLine).toHaveBeenLastCalledWith(1, 'Here the Zeppelin dashboard.');
  });

  it('says what its state is: transcribing, no speech, failed with the reason and Retry', async () => {
    panel({ state: 'transcribing', lines: [] });
    expect(screen.getByRole('status').textContent).toContain('Transcribing');
    cleanup();
    panel({ state: 'no-speech', lines: [] });
    expect(region().textContent).toContain('No speech found.');
    cleanup();
    const onRetry = vi.fn().mockResolvedValue(undefined);
    panel({ state: 'failed', failureReason: 'The transcription server answered 503 (4 tries)', lines: [], onRetry });
    expect(screen.getByRole('alert').textContent).toContain('Reason: The transcription server answered 503 (4 tries)');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(onRetry).toHaveBeenCalledOnce());
  });

  it('greys the words the engine doubted, names them uncertain, and neither finds nor downloads them', () => {
    const doubted = [
      {
        index: 0,
        start: 0.5,
        end: 3,
        text: 'the quokka zanzibar today',
        words: [{ word: 'the' }, { word: 'quokka' }, { word: 'zanzibar', uncertain: true }, { word: 'today' }],
      },
    ];
    panel({ lines: doubted });
    const word = screen.getByTitle(/^Uncertain word/);
    expect(word.textContent).toBe('zanzibar (uncertain)');
    expect(word.className).toContain('opacity-70');
    expect(screen.getByRole('button', { name: /0:00\s*the quokka zanzibar \(uncertain\) today/ })).toBeTruthy();
    expect(screen.getAllByTitle(/^Uncertain word/)).toHaveLength(1);
    const search = screen.getByRole('searchbox', { name: 'Search the transcript' });
    fireEvent.change(search, { target: { value: 'zanzi' } });
    expect(within(region()).queryAllByRole('listitem')).toEqual([]);
    fireEvent.change(search, { target: { value: 'quokka' } });
    expect(within(region()).getAllByRole('listitem')).toHaveLength(1);
    const txt = decodeURIComponent(screen.getByRole('link', { name: '.txt' }).getAttribute('href')!);
    expect(txt).toContain('the quokka today');
    expect(txt).not.toContain('zanzibar');
  });

  it('says plainly when the built-in engine made the transcript, and how to get a better one', () => {
    panel();
    expect(screen.queryByTestId('builtin-engine-note')).toBeNull();
    cleanup();
    panel({ builtinEngine: true });
    const note = screen.getByTestId('builtin-engine-note').textContent;
    expect(note).toContain('built-in engine, which is rough and hears English only');
    expect(note).toContain('Whisper server');
    expect(note).toContain('TRANSCRIBE_URL');
  });
});
