import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type VideoChanges, VideoEditor } from './video-editor';

afterEach(cleanup);

function setup(onSave: (changes: VideoChanges) => Promise<void> = async () => undefined) {
  const user = userEvent.setup();
  const saved: VideoChanges[] = [];
  render(
    <VideoEditor
      title="Team sync"
      description="Notes"
      onSave={async (changes) => {
        saved.push(changes);
        await onSave(changes);
      }}
    />,
  );
  return { user, saved };
}

describe('VideoEditor', () => {
  it('Rename puts the title in a focused field; Enter saves title and description', async () => {
    const { user, saved } = setup();
    expect(screen.getByRole('heading', { name: 'Team sync' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const title = screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement;
    expect(document.activeElement).toBe(title);
    expect(title.value).toBe('Team sync');
    const description = screen.getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.type(description, 'New notes');
    await user.clear(title);
    await user.type(title, 'Weekly sync{Enter}');
    expect(saved).toEqual([{ title: 'Weekly sync', description: 'New notes' }]);
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
  });

  it('Escape cancels without saving', async () => {
    const { user, saved } = setup();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), ' changed{Escape}');
    expect(saved).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Team sync' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
  });

  it("shows the server's validation message and keeps editing", async () => {
    const { user } = setup(async () => {
      throw new Error('title must be at most 200 characters');
    });
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.type(title, 'x{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('title must be at most 200 characters');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(title);
  });
});

describe('VideoEditor startEditing', () => {
  it('opens with the title focused', () => {
    render(<VideoEditor title="Team sync" description="" startEditing onSave={async () => undefined} />);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Title' }));
  });
});
