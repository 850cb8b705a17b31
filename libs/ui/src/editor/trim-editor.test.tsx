import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditControls } from './edit-controls';
import { TrimEditor } from './trim-editor';

afterEach(cleanup);

describe('TrimEditor', () => {
  it('trims both ends and cuts a middle range from the keyboard, then saves the kept ranges', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => undefined);
    render(<TrimEditor duration={60} originalUrl="/o.webm" initialKept={[]} onSave={onSave} onCancel={() => {}} />);
    const type = async (label: string, text: string) => {
      const field = screen.getByRole('textbox', { name: label });
      await user.clear(field);
      await user.type(field, `${text}{Enter}`);
    };
    await type('Start', '0:05');
    await type('End', '0:55.5');
    await type('Cut from', '0:20');
    await type('Cut to', '0:30.5');
    await user.click(screen.getByRole('button', { name: 'Cut' }));
    expect(screen.getByTestId('edit-result').textContent).toBe('Result: 0:40.0 of 1:00.0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(
      [
        { start: 5, end: 20 },
        { start: 30.5, end: 55.5 },
      ],
      [],
    );
  });

  it('adds a blur "Find sensitive text" suggested on Accept, and saves it with the edit', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => undefined);
    const onRemove = vi.fn();
    const blur = { kind: 'blur' as const, from: 1, to: 4, x: 5, y: 10, width: 30, height: 8, text: '', color: '' };
    render(
      <TrimEditor
        duration={10}
        originalUrl="/o.webm"
        initialKept={[]}
        onSave={onSave}
        onCancel={() => {}}
        sensitiveText={{
          search: { status: 'done' },
          suggestions: [
            { id: '0', kind: 'email', masked: 'j•••@example.com', fromSeconds: 1, toSeconds: 4, annotation: blur },
          ],
          onFind: () => {},
          onRemove,
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Accept blur over Email address j•••@example.com' }));
    expect(onRemove).toHaveBeenCalledWith('0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith([{ start: 0, end: 10 }], [blur]);
  });

  it('refuses a time that does not read, or lies outside the video, changing nothing', async () => {
    const user = userEvent.setup();
    render(
      <TrimEditor duration={60} originalUrl="/o.webm" initialKept={[]} onSave={async () => {}} onCancel={() => {}} />,
    );
    const end = screen.getByRole('textbox', { name: 'End' });
    await user.clear(end);
    await user.type(end, 'soon{Enter}');
    expect(screen.getByText('Use m:ss or m:ss.s, e.g. 1:05.5')).toBeTruthy();
    await user.clear(end);
    await user.type(end, '2:00{Enter}');
    expect(screen.getByText('The video is 1:00.0 long')).toBeTruthy();
    expect(screen.getByTestId('edit-result').textContent).toBe('Result: 1:00.0 of 1:00.0');
  });

  it('opens from a saved edit with its handles and cuts in place', () => {
    render(
      <TrimEditor
        duration={60}
        originalUrl="/o.webm"
        initialKept={[
          { start: 2, end: 10 },
          { start: 15, end: 50 },
        ]}
        onSave={async () => {}}
        onCancel={() => {}}
      />,
    );
    expect((screen.getByRole('textbox', { name: 'Start' }) as HTMLInputElement).value).toBe('0:02.0');
    expect((screen.getByRole('textbox', { name: 'End' }) as HTMLInputElement).value).toBe('0:50.0');
    expect(screen.getByRole('button', { name: 'Restore 0:10.0–0:15.0' })).toBeTruthy();
  });
});

describe('the timeline', () => {
  it('draws the waveform under the filmstrip when it is known', () => {
    render(
      <TrimEditor
        duration={60}
        originalUrl="/o.webm"
        waveform={[0.1, 0.9, 0.5]}
        initialKept={[]}
        onSave={async () => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByTestId('waveform').querySelectorAll('rect')).toHaveLength(3);
  });
});

describe('EditControls', () => {
  it('says an edit is applying, and reverts only once confirmed', async () => {
    const user = userEvent.setup();
    const onRevert = vi.fn(async () => undefined);
    render(<EditControls state="applying" onTrim={() => {}} onRevert={onRevert} />);
    expect(screen.getByRole('status').textContent).toContain('Applying edits…');
    await user.click(screen.getByRole('button', { name: 'Revert to original' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onRevert).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Revert to original' }));
    await user.click(screen.getByRole('button', { name: 'Revert' }));
    expect(onRevert).toHaveBeenCalledOnce();
  });
});
