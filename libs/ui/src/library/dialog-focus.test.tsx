import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderNameDialog } from './folder-name-dialog';
import { SelectionBar } from './selection-bar';

afterEach(cleanup);

describe('dialogs with a field', () => {
  it('New folder puts the focus in its Name field, so typing goes there', async () => {
    const names: string[] = [];
    render(
      <FolderNameDialog
        title="New folder"
        submitLabel="Create"
        onSubmit={(n) => names.push(n)}
        onCancel={() => undefined}
      />,
    );
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.setup().keyboard('Launch{Enter}');
    expect(names).toEqual(['Launch']);
  });

  it('Add tag puts the focus in its Tag field, and gives it back to Add tag when cancelled', async () => {
    const user = userEvent.setup();
    const tags: string[] = [];
    render(
      <SelectionBar
        count={2}
        folders={[]}
        onMove={() => undefined}
        onTag={(tag) => tags.push(tag)}
        onVisibility={() => undefined}
        onDelete={() => undefined}
        onClear={() => undefined}
      />,
    );
    const addTag = screen.getByRole('button', { name: 'Add tag' });
    await user.click(addTag);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Tag' }));
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(addTag);
    await user.click(addTag);
    await user.keyboard('batch{Enter}');
    expect(tags).toEqual(['batch']);
  });
});
