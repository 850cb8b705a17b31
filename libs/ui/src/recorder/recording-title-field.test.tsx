import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordUploadView } from './record-upload-view';

afterEach(cleanup);

describe('naming a recording at Stop', () => {
  it('has a field under the link that saves the name, without taking the focus', async () => {
    const save = vi.fn();
    const view = (saved?: string) => (
      <RecordUploadView
        notices={[]}
        link={{ link: 'https://stream.example/s/abc', failed: false }}
        title={{ busy: false, error: undefined, saved, save }}
      />
    );
    const { rerender } = render(view());
    const field = screen.getByRole('textbox', { name: 'Name this recording' });
    expect(document.activeElement).not.toBe(field);
    const link = screen.getByRole('textbox', { name: 'Link to your video' });
    expect(link.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.type(field, 'Budget review{Enter}');
    expect(save).toHaveBeenCalledWith('Budget review');
    rerender(view('Budget review'));
    expect(screen.getByText('Named “Budget review”.')).toBeTruthy();
  });
});
