import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareLinkField } from './share-link-field';
import { UnfinishedBanner } from './unfinished-banner';
import { UnfinishedRecordings } from './unfinished-recordings';
import { formatDateTime } from '../primitives';

afterEach(cleanup);

describe('ShareLinkField', () => {
  it('shows the link read-only and copies it', async () => {
    const copy = vi.fn(async () => undefined);
    const { rerender } = render(<ShareLinkField link={undefined} copy={copy} />);
    expect(copy).not.toHaveBeenCalled();
    rerender(<ShareLinkField link="https://stream.example/s/abc" copy={copy} />);
    const field = screen.getByRole('textbox', { name: 'Link to your video' }) as HTMLInputElement;
    expect(field.value).toBe('https://stream.example/s/abc');
    expect(field.readOnly).toBe(true);
    // The link is copied the moment it arrives, and focus waits on Copy.
    expect(await screen.findByRole('button', { name: 'Copied' })).toBe(document.activeElement);
    expect(copy).toHaveBeenCalledExactlyOnceWith('https://stream.example/s/abc');
    expect(screen.getByText('Link copied').getAttribute('role')).toBe('status');
    await userEvent.click(screen.getByRole('button', { name: 'Copied' }));
    expect(copy).toHaveBeenCalledTimes(2);
  });

  it('says so when the clipboard refuses the link, and keeps Copy', async () => {
    const copy = vi.fn<(text: string) => Promise<void>>(() =>
      Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
    );
    render(<ShareLinkField link="https://stream.example/s/abc" copy={copy} />);
    // The live region is there from the start, empty: wait for its words, not for the region.
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status.textContent).toMatch(/^The link could not be copied/));
    const button = screen.getByRole('button', { name: 'Copy' });
    expect(document.activeElement).toBe(button);
    copy.mockResolvedValueOnce(undefined);
    await userEvent.click(button);
    expect(await screen.findByText('Link copied')).toBeTruthy();
  });

  it('offers no Copy until the link exists', () => {
    render(<ShareLinkField link={undefined} copy={vi.fn()} />);
    expect((screen.getByRole('button', { name: 'Copy' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says where to share the video from when no link could be made', () => {
    render(<ShareLinkField link={undefined} failed copy={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'The link could not be made. Your video is uploading: share it from its page in Videos.',
    );
    expect((screen.getByRole('button', { name: 'Copy' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('UnfinishedRecordings', () => {
  it('lists each with its length and size, and offers Resume upload, Download and Discard', async () => {
    const onResume = vi.fn();
    const onDownload = vi.fn();
    const onDiscard = vi.fn();
    const startedAt = new Date(2026, 10, 23, 14, 5).getTime();
    render(
      <UnfinishedRecordings
        recordings={[{ id: 'r1', startedAt, durationMs: 65_000, sizeBytes: 3 * 1024 * 1024 }]}
        onResume={onResume}
        onDownload={onDownload}
        onDiscard={onDiscard}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Unfinished recordings' })).toBeTruthy();
    const item = screen.getByRole('listitem', { name: `Recording of ${formatDateTime(new Date(startedAt))}` });
    expect(item.textContent).toContain('1:05');
    expect(item.textContent).toContain('3.0 MB');
    await userEvent.click(within(item).getByRole('button', { name: 'Resume upload' }));
    await userEvent.click(within(item).getByRole('button', { name: 'Download' }));
    await userEvent.click(within(item).getByRole('button', { name: 'Discard' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Discard this recording?' })).getByRole('button', {
        name: 'Discard recording',
      }),
    );
    expect(onResume).toHaveBeenCalledWith('r1');
    expect(onDownload).toHaveBeenCalledWith('r1');
    expect(onDiscard).toHaveBeenCalledWith('r1');
  });

  it('Discard asks first: Cancel or Escape keeps the recording', async () => {
    const onDiscard = vi.fn();
    render(
      <UnfinishedRecordings
        recordings={[{ id: 'r1', startedAt: 0, durationMs: 1_000, sizeBytes: 1_000 }]}
        onResume={vi.fn()}
        onDownload={vi.fn()}
        onDiscard={onDiscard}
      />,
    );
    const discard = screen.getByRole('button', { name: 'Discard' });
    await userEvent.click(discard);
    const dialog = screen.getByRole('alertdialog', { name: 'Discard this recording?' });
    expect(dialog.textContent).toContain('It cannot be brought back.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.click(discard);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onDiscard).not.toHaveBeenCalled();
    expect(screen.getByRole('listitem')).toBeTruthy();
  });

  it('shows nothing when there are none', () => {
    const { container } = render(
      <UnfinishedRecordings recordings={[]} onResume={vi.fn()} onDownload={vi.fn()} onDiscard={vi.fn()} />,
    );
    expect(container.textContent).toBe('');
  });
});

describe('UnfinishedBanner', () => {
  it('says how many wait, with the link it is given', () => {
    render(
      <UnfinishedBanner count={2}>
        <a href="/record">Open Record</a>
      </UnfinishedBanner>,
    );
    expect(screen.getByRole('status').textContent).toContain('2 unfinished recordings are waiting on this computer.');
    expect(screen.getByRole('link', { name: 'Open Record' })).toBeTruthy();
  });
});
