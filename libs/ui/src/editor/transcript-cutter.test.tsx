import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TrimEditor } from './trim-editor';
import type { CutLine } from './transcript-cuts';

afterEach(cleanup);

const words = (...timed: Array<[string, number, number]>) => timed.map(([word, start, end]) => ({ word, start, end }));
const LINES: CutLine[] = [
  {
    index: 0,
    start: 1,
    end: 4,
    text: 'So um the dashboard',
    words: words(['So', 1, 1.3], ['um', 1.4, 1.9], ['the', 2, 2.2], ['dashboard', 2.3, 4]),
  },
  { index: 1, start: 7, end: 9, text: 'shows revenue.', words: words(['shows', 7, 7.5], ['revenue.', 7.6, 9]) },
];

function editor(initialKept: Array<{ start: number; end: number }> = []) {
  const onSave = vi.fn(async () => undefined);
  render(
    <TrimEditor
      duration={12}
      originalUrl="/o.webm"
      initialKept={initialKept}
      onSave={onSave}
      onCancel={() => {}}
      transcriptLines={LINES}
    />,
  );
  return { onSave, user: userEvent.setup() };
}

describe('edit by transcript in the editor', () => {
  it('cuts selected words (a shift-click run) after a preview of what goes, and saves the kept ranges', async () => {
    const { onSave, user } = editor();
    const transcript = screen.getByRole('group', { name: 'Transcript words' });
    await user.click(within(transcript).getByRole('button', { name: 'the' }));
    await user.keyboard('{Shift>}');
    await user.click(within(transcript).getByRole('button', { name: 'dashboard' }));
    await user.keyboard('{/Shift}');
    expect(within(transcript).getByRole('button', { name: 'dashboard' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Cut selected words' }));
    const preview = screen.getByRole('region', { name: 'What goes' });
    expect(screen.getByTestId('what-goes-total').textContent).toBe('Selected words: 1 cut, 0:02.0 removed');
    expect(within(preview).getByRole('listitem').textContent).toBe('0:02.0–0:04.0 the dashboard');
    // Nothing changes until the preview is applied.
    expect(screen.getByTestId('edit-result').textContent).toBe('Result: 0:12.0 of 0:12.0');
    await user.click(within(preview).getByRole('button', { name: 'Apply to edit' }));
    expect(screen.getByTestId('edit-result').textContent).toBe('Result: 0:10.0 of 0:12.0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(
      [
        { start: 0, end: 2 },
        { start: 4, end: 12 },
      ],
      [],
    );
  });

  it('previews filler words and silences with the time they take, and Discard leaves the edit as it was', async () => {
    const { onSave, user } = editor();
    await user.click(screen.getByRole('button', { name: 'Remove filler words' }));
    expect(screen.getByTestId('what-goes-total').textContent).toBe('Filler words: 1 cut, 0:00.5 removed');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('region', { name: 'What goes' })).toBeNull();

    const threshold = screen.getByRole('spinbutton', { name: 'Silences longer than (s)' });
    await user.clear(threshold);
    await user.type(threshold, '2');
    await user.click(screen.getByRole('button', { name: 'Remove silences' }));
    // 4 s to 7 s and 9 s to the end (12 s), a quarter second kept beside the speech.
    expect(
      within(screen.getByRole('region', { name: 'What goes' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['0:04.3–0:06.8 3.0 s of silence', '0:09.3–0:12.0 3.0 s of silence']);
    await user.click(screen.getByRole('button', { name: 'Apply to edit' }));
    await user.click(screen.getByRole('button', { name: 'Remove filler words' }));
    await user.click(screen.getByRole('button', { name: 'Apply to edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(
      [
        { start: 0, end: 1.4 },
        { start: 1.9, end: 4.25 },
        { start: 6.75, end: 9.25 },
      ],
      [],
    );
  });

  it('Save keeps the filler words previewed and not yet applied, as Apply to edit would', async () => {
    const { onSave, user } = editor();
    await user.click(screen.getByRole('button', { name: 'Remove filler words' }));
    expect(screen.getByRole('region', { name: 'What goes' }).textContent).toContain('Save, keeps these cuts');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(
      [
        { start: 0, end: 1.4 },
        { start: 1.9, end: 12 },
      ],
      [],
    );
  });

  it('proposes nothing inside the part already trimmed away, and reports what a cut across the edge removes', async () => {
    // The edit already starts at 1.6 s: the "um" (1.4 s to 1.9 s) is 0.3 s inside what it keeps.
    const { onSave, user } = editor([{ start: 1.6, end: 12 }]);
    expect(screen.getByTestId('edit-result').textContent).toBe('Result: 0:10.4 of 0:12.0');
    await user.click(screen.getByRole('button', { name: 'Remove filler words' }));
    expect(screen.getByTestId('what-goes-total').textContent).toBe('Filler words: 1 cut, 0:00.3 removed');
    await user.click(screen.getByRole('button', { name: 'Apply to edit' }));
    expect(screen.getByTestId('edit-result').textContent).toBe('Result: 0:10.1 of 0:12.0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith([{ start: 1.9, end: 12 }], []);
  });

  it('says there is nothing to remove when every filler word is in a part already trimmed away', async () => {
    const { user } = editor([{ start: 2, end: 12 }]);
    await user.click(screen.getByRole('button', { name: 'Remove filler words' }));
    expect(screen.getByTestId('what-goes-total').textContent).toBe(
      'Filler words: nothing to remove in what the edit keeps.',
    );
    expect(screen.getByRole('button', { name: 'Apply to edit' })).toHaveProperty('disabled', true);
    expect(screen.getByTestId('edit-result').textContent).toBe('Result: 0:10.0 of 0:12.0');
  });
});
